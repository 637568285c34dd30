import { FOLLOW_UP_KINDS, FOLLOW_UP_LIMITS, type FollowUpKind, type FollowUpLeadType, type FollowUpResponse } from '@aipm/contracts';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { errorKey } from '../i18n/error-key';
import { useFormatLeadDate } from '../leads/LeadDate';
import { useLeadKind } from '../leads/leadChoices';
import { CompleteFollowUpDialog } from './CompleteFollowUpDialog';
import { leadFollowUpsQueryKey, useFollowUpsApi } from './followUpsApi';

/** The due time is typed in China time whatever the browser's zone (docs/product/constants.md#dates-and-times). */
export const chinaTime = (local: string): string => `${local}:00+08:00`;

/**
 * 跟进任务 on a registration's or a message's page (docs/product/back-office.md#follow-ups): its follow-ups, the next
 * due first, each completed with its result; and a form that schedules one (a due time from now on, 电话/微信/面谈,
 * a note). A time already past is refused here as the API refuses it (FOLLOW_UP_DUE_IN_PAST).
 */
export function LeadFollowUps() {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext<{ id: string; name?: string }>();
  const leadType: FollowUpLeadType = useLeadKind() === 'messages' ? 'message' : 'registration';
  const api = useFollowUpsApi();
  const queryClient = useQueryClient();
  const formatDate = useFormatLeadDate();
  const [dueAt, setDueAt] = useState('');
  const [kind, setKind] = useState<FollowUpKind>('phone');
  const [note, setNote] = useState('');
  const [dueError, setDueError] = useState<string | null>(null);
  const [completing, setCompleting] = useState<FollowUpResponse | null>(null);
  const t = (key: string, options?: object) => translate(`aipm.follow_ups.lead.${key}`, options);
  const leadId = record?.id ?? '';
  const followUps = useQuery({ queryKey: leadFollowUpsQueryKey(leadType, leadId), queryFn: () => api.forLead(leadType, leadId), enabled: leadId !== '' });

  const schedule = useMutation({
    mutationFn: () => api.create({ leadType, leadId, dueAt: new Date(chinaTime(dueAt)).toISOString(), kind, note: note.trim() || null }),
    onSuccess: () => {
      notify('aipm.follow_ups.lead.scheduled', { type: 'success' });
      setDueAt('');
      setNote('');
      void queryClient.invalidateQueries({ queryKey: ['aipm', 'follow-ups'] });
    },
    onError: (error) => {
      const message = error instanceof Error ? translate(error.message, { _: error.message }) : String(error);
      if (error instanceof Error && error.message === errorKey('FOLLOW_UP_DUE_IN_PAST')) setDueError(message);
      notify('aipm.follow_ups.lead.schedule_failed', { type: 'error', messageArgs: { message } });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dueAt) return;
    if (new Date(chinaTime(dueAt)).getTime() < Date.now() - 60_000) {
      setDueError(translate(errorKey('FOLLOW_UP_DUE_IN_PAST')));
      return;
    }
    setDueError(null);
    schedule.mutate();
  };

  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="lead-follow-ups-heading" sx={{ p: 2 }} data-testid="lead-follow-ups">
      <Typography id="lead-follow-ups-heading" variant="subtitle1" component="h2">
        {t('title')}
      </Typography>
      {followUps.isError && <Alert severity="error">{t('load_failed')}</Alert>}
      {followUps.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('empty')}
        </Typography>
      )}
      {followUps.data && followUps.data.length > 0 && (
        <List dense disablePadding>
          {followUps.data.map((followUp) => (
            <ListItem
              key={followUp.id}
              disableGutters
              data-testid="lead-follow-up-row"
              secondaryAction={
                followUp.doneAt === null && (
                  <Button size="small" onClick={() => setCompleting(followUp)}>
                    {translate('aipm.follow_ups.complete.action')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={
                  <>
                    {formatDate(followUp.dueAt)} · {translate(`aipm.follow_ups.kinds.${followUp.kind}`)}{' '}
                    {followUp.doneAt === null && new Date(followUp.dueAt).getTime() < Date.now() && (
                      <Chip size="small" color="warning" label={translate('aipm.follow_ups.today.overdue')} />
                    )}
                  </>
                }
                secondary={[followUp.note, followUp.doneAt && t('done_at', { date: formatDate(followUp.doneAt), result: followUp.result })].filter(Boolean).join(' · ')}
                sx={{ pr: 8 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1, mt: 1 }} aria-label={t('schedule')}>
        <TextField
          type="datetime-local"
          label={t('due_at')}
          value={dueAt}
          onChange={(event) => {
            setDueAt(event.target.value);
            setDueError(null);
          }}
          required
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
          error={dueError !== null}
          helperText={dueError ?? undefined}
        />
        <TextField select label={t('kind')} value={kind} onChange={(event) => setKind(event.target.value as FollowUpKind)} size="small">
          {FOLLOW_UP_KINDS.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {translate(`aipm.follow_ups.kinds.${choice}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={t('note')} value={note} onChange={(event) => setNote(event.target.value)} size="small" multiline slotProps={{ htmlInput: { maxLength: FOLLOW_UP_LIMITS.note } }} />
        <Button type="submit" variant="outlined" disabled={schedule.isPending || dueAt === ''}>
          {t('schedule')}
        </Button>
      </Box>
      {completing && <CompleteFollowUpDialog followUpId={completing.id} name={record.name ?? ''} onClose={() => setCompleting(null)} />}
    </Box>
  );
}
