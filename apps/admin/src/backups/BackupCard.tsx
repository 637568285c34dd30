import { type BackupRunResponse, formatBytes, formatDateTime } from '@aipm/contracts';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Skeleton, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';

import { BACKUPS_QUERY_KEY, useBackupsApi } from './backupsApi';
import { useBackupEvents } from './useBackupEvents';

/**
 * 数据备份 on the dashboard (docs/product/backups.md#in-the-back-office): the last good backup's time, size, contents
 * and place, a warning when it is more than 36 hours old or the last run failed, and 立即备份. A chunk of its own
 * (Dashboard.tsx); the worker's events move it, nothing polls.
 */
export function BackupCard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const api = useBackupsApi();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: BACKUPS_QUERY_KEY, queryFn: () => api.status() });
  useBackupEvents();
  const start = useMutation({
    mutationFn: () => api.start(),
    onSuccess: () => {
      notify('aipm.backups.started', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY });
    },
    onError: (error) => notify('aipm.backups.start_failed', { type: 'error', messageArgs: { message: messageOf(error, translate) } }),
  });
  const label = (key: string, options?: Record<string, unknown>) => translate(`aipm.backups.${key}`, options);
  const time = (value: string) => formatDateTime(value, locale);
  const data = status.data;
  const latest = data?.runs[0];
  const running = Boolean(data?.running) || start.isPending;

  return (
    <Card component="section" aria-labelledby="backup-card-heading" sx={{ mt: 2 }} data-testid="backup-card">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography id="backup-card-heading" component="h2" variant="h6">
            {label('title')}
          </Typography>
          <Button variant="outlined" size="small" onClick={() => start.mutate()} disabled={!data || running}>
            {label('start')}
          </Button>
        </Box>
        {status.isError && <Alert severity="error">{label('load_failed', { message: messageOf(status.error, translate) })}</Alert>}
        {status.isPending && <Skeleton height={64} />}
        {data && (
          <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
            {running && (
              <Box role="status">
                <Typography variant="body2">{label('running')}</Typography>
                <LinearProgress aria-label={label('running')} />
              </Box>
            )}
            {data.stale && <Alert severity="warning">{data.lastSuccess ? label('stale', { time: time(data.lastSuccess.finishedAt) }) : label('never')}</Alert>}
            {latest?.status === 'failed' && <Alert severity="error">{label('last_failed', { time: time(latest.finishedAt), error: latest.error ?? '' })}</Alert>}
            {data.lastSuccess && <LastSuccess run={data.lastSuccess} label={label} time={time} />}
            <Typography variant="body2" color="text.secondary">
              {data.schedule ? label('schedule', { schedule: data.schedule }) : label('no_schedule')}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function LastSuccess({ run, label, time }: { run: BackupRunResponse; label: (key: string, options?: Record<string, unknown>) => string; time: (value: string) => string }) {
  const rows: Array<[string, string]> = [
    ['time', time(run.finishedAt)],
    ['size', formatBytes(run.sizeBytes ?? 0)],
    ['contents', label('contents_value', { tables: run.tables ?? 0, rows: run.rows ?? 0, files: run.files ?? 0, fileBytes: formatBytes(run.fileBytes ?? 0) })],
    ['trigger', label(`triggers.${run.trigger}`)],
    ['location', run.location ?? ''],
  ];
  return (
    <Box component="section" aria-label={label('last_success')}>
      <Typography variant="subtitle2" component="h3">
        {label('last_success')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 0.5 }}>
        {rows.map(([key, value]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label(key)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={`backup-${key}`}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function messageOf(error: unknown, translate: (key: string, options?: Record<string, unknown>) => string): string {
  return error instanceof Error ? translate(error.message, { _: error.message }) : String(error);
}
