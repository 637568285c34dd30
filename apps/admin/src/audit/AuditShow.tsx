import type { AuditEntryResponse, AuditValues } from '@aipm/contracts';
import { Box, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Show, useRecordContext, useTranslate } from 'react-admin';
import { LeadDate } from '../leads/LeadDate';

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Every field either side names, with its value before and after; a creation has no before, a deletion no after. */
export function AuditDiff({ before, after }: { before: AuditValues | null; after: AuditValues | null }) {
  const translate = useTranslate();
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <Typography color="text.secondary">{translate('aipm.audit.no_fields')}</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('aipm.audit.diff_caption')}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">{translate('aipm.audit.field')}</TableCell>
            <TableCell component="th" scope="col">{translate('aipm.audit.before')}</TableCell>
            <TableCell component="th" scope="col">{translate('aipm.audit.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field) => (
            <TableRow key={field}>
              <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                {field}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{shown(before?.[field])}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{shown(after?.[field])}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 0.5 }}>
      <Box component="dt" sx={{ color: 'text.secondary', minWidth: 96 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
        {children}
      </Box>
    </Box>
  );
}

function AuditEntryDetail() {
  const translate = useTranslate();
  const entry = useRecordContext<AuditEntryResponse>();
  if (!entry) return null;
  return (
    <CardContent>
      <Typography variant="h6" component="h1" gutterBottom>
        {translate(`aipm.audit.actions.${entry.action}`)}
      </Typography>
      <Box component="dl" sx={{ m: 0, mb: 2 }}>
        <Fact label={translate('resources.audit-log.fields.createdAt')}>
          <LeadDate value={entry.createdAt} />
        </Fact>
        <Fact label={translate('resources.audit-log.fields.actorName')}>{entry.actorName ?? translate('aipm.audit.nobody')}</Fact>
        <Fact label={translate('resources.audit-log.fields.ip')}>{shown(entry.ip)}</Fact>
        <Fact label={translate('resources.audit-log.fields.entity')}>{translate(`aipm.audit.entities.${entry.entity}`)}</Fact>
        <Fact label={translate('resources.audit-log.fields.entityId')}>{shown(entry.entityId)}</Fact>
      </Box>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {translate('aipm.audit.diff_caption')}
      </Typography>
      <AuditDiff before={entry.before} after={entry.after} />
      {entry.details && (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }} gutterBottom>
            {translate('aipm.audit.details')}
          </Typography>
          <Box component="dl" sx={{ m: 0 }}>
            {Object.entries(entry.details).map(([field, value]) => (
              <Fact key={field} label={field}>
                {shown(value)}
              </Fact>
            ))}
          </Box>
        </>
      )}
    </CardContent>
  );
}

/** One entry: who, when, from where, and the changed fields before and after (read-only: no edit, no delete). */
export function AuditShow() {
  return (
    <Show actions={false} title="aipm.audit.detail_title">
      <AuditEntryDetail />
    </Show>
  );
}
