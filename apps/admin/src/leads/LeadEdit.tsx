import type { LeadSource } from '@aipm/contracts';
import { Box, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Edit, ListButton, SaveButton, SimpleForm, Toolbar, TopToolbar, useTranslate } from 'react-admin';
import { ExportPersonButton } from '../people/ExportPersonButton';
import { PersonPageButton } from '../people/PersonLinks';
import { EnrolButton } from './EnrolButton';
import { ErasePersonButton } from './ErasePersonButton';
import { FollowUpInputs } from './FollowUpInputs';
import { LeadFollowUps } from '../follow-ups/LeadFollowUps';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Read-only fields of a lead as a definition list (two columns from the small breakpoint up). */
export function LeadDetails({ items }: { items: readonly DetailItem[] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: { xs: 0.5, sm: 1.5 } }}
    >
      {items.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** First-touch source (utm_*, referrer, landing page), one `label: value` per line; none means a direct visit. */
export function SourceText({ source }: { source: LeadSource | null }) {
  const translate = useTranslate();
  const entries = Object.entries(source ?? {});
  if (entries.length === 0) return <>{translate('aipm.leads.no_source')}</>;
  // An unknown key (none passes the API's check today) shows as itself rather than as a missing translation.
  return <>{entries.map(([key, value]) => `${translate(`aipm.lead_source.${key}`, { _: key })}: ${value}`).join('\n')}</>;
}

function LeadEditActions() {
  return (
    <TopToolbar>
      <ListButton />
      <PersonPageButton />
      <EnrolButton />
      <ExportPersonButton />
      <ErasePersonButton />
    </TopToolbar>
  );
}

/**
 * A lead's page: its details beside the follow-up form (status, follow-up day, note). Saving waits for the
 * API (no undo window) and goes back to the list, where the badge shows the new status.
 */
export function LeadEdit({ details }: { details: ReactNode }) {
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic" actions={<LeadEditActions />}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Box sx={{ p: 2 }} data-testid="lead-details">
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {translate('aipm.leads.details')}
          </Typography>
          {details}
        </Box>
        {/* On a phone the form's toolbar is fixed to the bottom of the screen: the room below lets the follow-ups
            panel under the form scroll clear of it, or its 安排跟进 button stays beneath the toolbar. */}
        <Box sx={{ borderLeft: { md: 1 }, borderColor: { md: 'divider' }, pb: { xs: 9, sm: 0 } }}>
          <Divider sx={{ display: { md: 'none' } }} />
          <SimpleForm
            toolbar={
              <Toolbar>
                <SaveButton />
              </Toolbar>
            }
          >
            <Typography variant="subtitle1" component="h2">
              {translate('aipm.leads.follow_up')}
            </Typography>
            <FollowUpInputs />
          </SimpleForm>
          <Divider />
          <LeadFollowUps />
        </Box>
      </Box>
    </Edit>
  );
}
