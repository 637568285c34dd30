import { type CrawlFailureReason, type CrawlSite, type CrawlTaskResponse, formatDateTime, type HumanCheckWait, type LiveViewSite } from '@aipm/contracts';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';


import type { LiveProgress } from './useCrawlEvents';

// The live view comes when a check is to be solved, as on 爬虫配置 (crawler-config/SiteSessionsCard.tsx).
const LiveViewDialog = lazy(() => import('../crawler-config/LiveViewDialog').then((module) => ({ default: module.LiveViewDialog })));

const STATUS_COLORS = { pending: 'default', running: 'info', completed: 'success', failed: 'error' } as const;

export interface TaskCardProps {
  task: CrawlTaskResponse;
  /** The live progress of its run, pushed by the server. */
  live: LiveProgress | undefined;
  /** Its run is being asked for. */
  starting: boolean;
  onRun: (task: CrawlTaskResponse) => void;
  onViewResults: (task: CrawlTaskResponse) => void;
  onSchedule: (task: CrawlTaskResponse) => void;
}

/** One crawl task: its state, options, run button (disabled "运行中" while it runs), progress and last run's figures. */
export function TaskCard({ task, live, starting, onRun, onViewResults, onSchedule }: TaskCardProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const running = task.status === 'running';
  const stats = task.lastRunStats;
  // While it runs: the pushed progress, else what the worker last stored (a page opened mid-run).
  const progress = live ?? (running && stats ? { pagesDone: stats.pagesDone, pagesTotal: stats.pagesTotal, jobsFound: stats.found } : undefined);
  const percent = progress && progress.pagesTotal > 0 ? Math.min(100, Math.round((progress.pagesDone / progress.pagesTotal) * 100)) : 0;
  const titleId = `task-${task.id}`;
  const failures = Object.entries(stats?.failures ?? {}) as Array<[CrawlFailureReason, number]>;
  const onOff = (on: boolean) => translate(on ? 'aipm.crawler.tasks.on' : 'aipm.crawler.tasks.off');
  // Sites of the run waiting for a human check (等待验证, ADR 078): pushed with the progress, else as last stored.
  const checks = running ? (Object.entries((live ? live.humanChecks : stats?.humanChecks) ?? {}) as Array<[CrawlSite, HumanCheckWait]>) : [];
  const [solving, setSolving] = useState<[CrawlSite, HumanCheckWait] | null>(null);

  return (
    <Box component="article" aria-labelledby={titleId} data-testid="crawl-task" sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {task.name}
        </Typography>
        <Chip size="small" color={STATUS_COLORS[task.status]} label={translate(`aipm.crawler.task_status.${task.status}`)} data-testid="crawl-task-status" />
        {checks.length > 0 && <Chip size="small" color="warning" label={translate('aipm.crawler.tasks.waiting_check')} data-testid="crawl-task-waiting-check" />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {translate('aipm.crawler.tasks.keywords', { keywords: task.keywords.join('、') })} · {translate('aipm.crawler.tasks.targets', { count: task.targetUrls.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('aipm.crawler.tasks.options', { js: onOff(task.enableJavaScriptRendering), anti: onOff(task.antiDetectionMode), seconds: task.waitTime / 1000 })} ·{' '}
        <span data-testid="crawl-task-max-results">{translate('aipm.crawler.tasks.max_results', { count: task.maxResults })}</span>
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate('aipm.crawler.tasks.created_at', { date: formatDateTime(task.createdAt, locale) })} ·{' '}
        {task.lastRunAt ? translate('aipm.crawler.tasks.last_run', { date: formatDateTime(task.lastRunAt, locale) }) : translate('aipm.crawler.tasks.never_run')}
      </Typography>
      {task.schedule && (
        <Typography variant="body2" data-testid="crawl-task-schedule">
          {translate('aipm.crawler.tasks.scheduled', { cron: task.schedule, next: task.nextRunAt ? formatDateTime(task.nextRunAt, locale) : '—' })}
        </Typography>
      )}

      {(running || live) && (
        <Box sx={{ mt: 1 }} data-testid="crawl-task-progress">
          <LinearProgress
            variant={progress && progress.pagesTotal > 0 ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label={translate('aipm.crawler.tasks.progress_label', { name: task.name })}
            aria-valuetext={progress ? translate('aipm.crawler.tasks.progress', { done: progress.pagesDone, total: progress.pagesTotal, jobs: progress.jobsFound }) : undefined}
          />
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="crawl-task-progress-text">
            {progress && progress.pagesTotal > 0
              ? translate('aipm.crawler.tasks.progress', { done: progress.pagesDone, total: progress.pagesTotal, jobs: progress.jobsFound })
              : translate('aipm.crawler.tasks.progress_waiting')}
          </Typography>
        </Box>
      )}

      {checks.map(([site, check]) => (
        <Stack key={site} direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="crawl-task-check">
          <Typography variant="body2" color="warning.main">
            {translate('aipm.crawler.tasks.check_line', {
              site: translate(`aipm.crawler.sites.${site}`),
              page: check.pageNumber,
              reason: translate(`aipm.crawler_config.outcomes.${check.reason}`),
              until: formatDateTime(check.until, locale),
            })}
          </Typography>
          <Button size="small" variant="outlined" color="warning" onClick={() => setSolving([site, check])} aria-label={translate('aipm.crawler.tasks.solve_check_label', { site: translate(`aipm.crawler.sites.${site}`), name: task.name })}>
            {translate('aipm.crawler.tasks.solve_check')}
          </Button>
        </Stack>
      ))}
      {solving && (
        <Suspense fallback={<LinearProgress aria-label={translate('ra.page.loading')} />}>
          <LiveViewDialog site={solving[0] as LiveViewSite} check={{ viewId: solving[1].viewId, pageNumber: solving[1].pageNumber }} onClose={() => setSolving(null)} />
        </Suspense>
      )}

      {stats && !running && (
        <Box sx={{ mt: 1 }} data-testid="crawl-task-stats">
          <Typography variant="body2">
            <Box component="span" sx={{ fontWeight: 600 }}>
              {/* Fired by the schedule, not by the run button: the operator sees the schedule at work. */}
              {translate(stats.scheduled ? 'aipm.crawler.tasks.stats_title_scheduled' : 'aipm.crawler.tasks.stats_title')}：
            </Box>
            {translate('aipm.crawler.tasks.stats', { pages: stats.pagesDone, found: stats.found, new: stats.new, duplicates: stats.duplicates })}
          </Typography>
          {failures.length > 0 && (
            <Typography variant="body2" color="error">
              {translate('aipm.crawler.tasks.failures', {
                reasons: failures.map(([reason, count]) => translate('aipm.crawler.tasks.failure_count', { reason: translate(`aipm.crawler_config.outcomes.${reason}`), count })).join('；'),
              })}
            </Typography>
          )}
          {task.status === 'failed' && stats.failureReason && (
            <Typography variant="body2" color="error">
              {translate('aipm.crawler.tasks.failure_message', { reason: translate(`aipm.crawler_config.outcomes.${stats.failureReason}`) })}
            </Typography>
          )}
        </Box>
      )}

      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="small"
          startIcon={<PlayArrowIcon />}
          disabled={running || starting}
          onClick={() => onRun(task)}
          aria-label={running ? undefined : translate('aipm.crawler.tasks.run_label', { name: task.name })}
        >
          {translate(running ? 'aipm.crawler.tasks.running' : 'aipm.crawler.tasks.run')}
        </Button>
        <Button size="small" onClick={() => onViewResults(task)} aria-label={translate('aipm.crawler.tasks.view_results_label', { name: task.name })}>
          {translate('aipm.crawler.tasks.view_results')}
        </Button>
        <Button size="small" startIcon={<ScheduleIcon />} onClick={() => onSchedule(task)} aria-label={translate('aipm.crawler.tasks.schedule_label', { name: task.name })}>
          {translate('aipm.crawler.tasks.schedule')}
        </Button>
      </Stack>
    </Box>
  );
}
