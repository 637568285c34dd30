import { CRAWL_SCHEDULE_PATTERN, type CrawlTaskResponse, formatDateTime } from '@aipm/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, useMediaQuery, useTheme } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';

import { CRAWLER_QUERY_KEYS, useCrawlerApi } from './crawlerApi';
import { useErrorText } from './useErrorText';

/**
 * 定时抓取 of one task (ADR 020): a five-field cron in Asia/Shanghai, checked here for its shape and on the
 * server for its meaning (too frequent, never fires); the answer's next run is shown on the task card.
 */
export function ScheduleDialog({ task, onClose }: { task: CrawlTaskResponse | null; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useCrawlerApi();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // The section mounts one dialog per task (key), so the form starts from that task's schedule.
  const [cron, setCron] = useState(task?.schedule ?? '');
  const [error, setError] = useState<string | null>(null);

  const settled = async () => {
    await queryClient.invalidateQueries({ queryKey: CRAWLER_QUERY_KEYS.tasks });
  };
  const failed = (failure: unknown, toast: string) => {
    setError(errorText(failure));
    notify(toast, { type: 'error', messageArgs: { message: errorText(failure) } });
  };
  const save = useMutation({
    mutationFn: (value: string) => api.setSchedule(task!.id, value),
    onSuccess: async (saved) => {
      notify('aipm.crawler.schedule.saved', { type: 'success', messageArgs: { next: saved.nextRunAt ? formatDateTime(saved.nextRunAt, locale) : '—' } });
      onClose();
      await settled();
    },
    onError: (failure) => failed(failure, 'aipm.crawler.schedule.save_failed'),
  });
  const clear = useMutation({
    mutationFn: () => api.clearSchedule(task!.id),
    onSuccess: async () => {
      notify('aipm.crawler.schedule.cleared', { type: 'success' });
      onClose();
      await settled();
    },
    onError: (failure) => failed(failure, 'aipm.crawler.schedule.save_failed'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CRAWL_SCHEDULE_PATTERN.test(cron)) {
      setError(translate('aipm.errors.INVALID_SCHEDULE'));
      return;
    }
    setError(null);
    save.mutate(cron.trim());
  };
  const busy = save.isPending || clear.isPending;

  return (
    <Dialog open={task !== null} onClose={busy ? undefined : onClose} fullScreen={fullScreen} aria-labelledby="crawl-schedule-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="crawl-schedule-title">{translate('aipm.crawler.schedule.title', { name: task?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('aipm.crawler.schedule.help')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            variant="outlined"
            label={translate('aipm.crawler.schedule.cron')}
            value={cron}
            onChange={(event) => setCron(event.target.value)}
            error={error !== null}
            helperText={error ?? translate('aipm.crawler.schedule.cron_hint')}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', 'data-testid': 'crawl-schedule-cron' } }}
          />
        </DialogContent>
        <DialogActions>
          {task?.schedule && (
            <Button color="error" disabled={busy} onClick={() => clear.mutate()}>
              {translate('aipm.crawler.schedule.clear')}
            </Button>
          )}
          <Button disabled={busy} onClick={onClose}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
