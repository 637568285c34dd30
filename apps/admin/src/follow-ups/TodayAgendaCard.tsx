import { type AgendaFollowUp, type AgendaNewLead, TODAY_TOTAL_CAP } from '@aipm/contracts';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useTranslate } from 'react-admin';
import { useFormatLeadDate } from '../leads/LeadDate';
import { CompleteFollowUpDialog } from './CompleteFollowUpDialog';
import { AGENDA_CARD_MIN_HEIGHT } from './agendaCardHeight';
import { personPath, TODAY_AGENDA_QUERY_KEY, useFollowUpsApi } from './followUpsApi';
import { NotificationPermissionButton } from './NotificationPermissionButton';

type Translate = ReturnType<typeof useTranslate>;

/** A total the API stopped counting at shows as "200+". */
const totalText = (total: number) => (total >= TODAY_TOTAL_CAP ? `${TODAY_TOTAL_CAP}+` : String(total));

/**
 * 今日待办, the dashboard's first card (docs/product/back-office.md#todays-list): the follow-ups due today or overdue,
 * earliest first, then the new leads nobody has contacted, newest first. Each name opens the person's page; a
 * follow-up is completed here with its result. Read again when a reminder arrives (FollowUpReminders), never polled.
 */
export function TodayAgendaCard() {
  const translate = useTranslate();
  const api = useFollowUpsApi();
  const agenda = useQuery({ queryKey: TODAY_AGENDA_QUERY_KEY, queryFn: () => api.today() });
  // The answer's rows render in a transition, which React slices into short tasks, rather than in the answer's own
  // synchronous render: one task of ~75 ms as the dashboard opened (ADR 084, as the lists' rows, ADR 079). The loading
  // line stays until they have.
  const data = useDeferredValue(agenda.data);
  const [completing, setCompleting] = useState<AgendaFollowUp | null>(null);
  const t = (key: string, options?: object) => translate(`aipm.follow_ups.today.${key}`, options);

  return (
    <Card component="section" aria-labelledby="today-agenda-heading" sx={{ mb: 2, minHeight: AGENDA_CARD_MIN_HEIGHT }} data-testid="today-agenda-card">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="today-agenda-heading" component="h2" variant="h6">
            {t('title')}
          </Typography>
          <NotificationPermissionButton />
        </Box>
        {!data && !agenda.isError && <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />}
        {agenda.isError && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void agenda.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('load_failed')}
          </Alert>
        )}
        {data && (
          <Box sx={{ display: 'grid', gap: 2, mt: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
            <Box component="section" aria-labelledby="today-due-heading" data-testid="today-due">
              <Typography id="today-due-heading" component="h3" variant="subtitle1">
                {t('due')}
              </Typography>
              {data.followUps.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('none_due')}
                </Typography>
              ) : (
                <>
                  <List dense disablePadding>
                    {data.followUps.map((followUp) => (
                      <DueRow key={followUp.id} followUp={followUp} translate={translate} onComplete={() => setCompleting(followUp)} />
                    ))}
                  </List>
                  {data.followUpsTotal > data.followUps.length && (
                    <Typography variant="caption" color="text.secondary">
                      {t('due_more', { total: totalText(data.followUpsTotal), shown: data.followUps.length })}
                    </Typography>
                  )}
                </>
              )}
            </Box>
            <Box component="section" aria-labelledby="today-new-heading" data-testid="today-new-leads">
              <Typography id="today-new-heading" component="h3" variant="subtitle1">
                {t('new_leads')}
              </Typography>
              {data.newLeads.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('none_new')}
                </Typography>
              ) : (
                <>
                  <List dense disablePadding>
                    {data.newLeads.map((lead) => (
                      <NewLeadRow key={`${lead.leadType}-${lead.leadId}`} lead={lead} translate={translate} />
                    ))}
                  </List>
                  {data.newLeadsTotal > data.newLeads.length && (
                    <Typography variant="caption" color="text.secondary">
                      {t('new_leads_more', { total: totalText(data.newLeadsTotal), shown: data.newLeads.length })}
                    </Typography>
                  )}
                </>
              )}
            </Box>
          </Box>
        )}
        {completing && <CompleteFollowUpDialog followUpId={completing.id} name={completing.name} onClose={() => setCompleting(null)} />}
      </CardContent>
    </Card>
  );
}

function PersonLink({ leadType, leadId, name, translate }: { leadType: AgendaNewLead['leadType']; leadId: string; name: string; translate: Translate }) {
  return (
    <Link to={personPath(leadType, leadId)} aria-label={translate('aipm.follow_ups.today.open_person', { name })}>
      {name}
    </Link>
  );
}

function DueRow({ followUp, translate, onComplete }: { followUp: AgendaFollowUp; translate: Translate; onComplete: () => void }) {
  const formatDate = useFormatLeadDate();
  return (
    <ListItem
      disableGutters
      data-testid="today-due-row"
      secondaryAction={
        <Button size="small" onClick={onComplete}>
          {translate('aipm.follow_ups.complete.action')}
        </Button>
      }
    >
      <ListItemText
        primary={
          <>
            <PersonLink leadType={followUp.leadType} leadId={followUp.leadId} name={followUp.name} translate={translate} /> {followUp.phone} ·{' '}
            {translate(`aipm.follow_ups.kinds.${followUp.kind}`)}{' '}
            {followUp.overdue && <Chip size="small" color="warning" label={translate('aipm.follow_ups.today.overdue')} />}
          </>
        }
        secondary={[translate('aipm.follow_ups.today.due_at', { date: formatDate(followUp.dueAt) }), followUp.note].filter(Boolean).join(' · ')}
        sx={{ pr: 8 }}
      />
    </ListItem>
  );
}

function NewLeadRow({ lead, translate }: { lead: AgendaNewLead; translate: Translate }) {
  const formatDate = useFormatLeadDate();
  return (
    <ListItem disableGutters data-testid="today-new-row">
      <ListItemText
        primary={
          <>
            <PersonLink leadType={lead.leadType} leadId={lead.leadId} name={lead.name} translate={translate} /> {lead.phone}
          </>
        }
        secondary={translate('aipm.follow_ups.today.arrived_at', { date: formatDate(lead.createdAt) })}
      />
    </ListItem>
  );
}
