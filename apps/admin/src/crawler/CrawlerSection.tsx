import { type CrawlTaskResponse } from '@aipm/contracts';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useRef, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';

import { MountedOnceOpened } from '../layout/MountedOnceOpened';
import { AutomatedSearchCard } from './AutomatedSearchCard';
import { CRAWLER_QUERY_KEYS, useCrawlerApi } from './crawlerApi';
import { type ResultFilters, ResultsPanel } from './ResultsPanel';
import { ServiceStatusLine } from './ServiceStatusLine';
import { TaskCard } from './TaskCard';
import { useCrawlEvents } from './useCrawlEvents';
import { useErrorText } from './useErrorText';

// The task form and the schedule come on their first opening: the screen's first paint needs neither (ADR 083).
const CreateTaskDialog = lazy(() => import('./CreateTaskDialog').then((module) => ({ default: module.CreateTaskDialog })));
const ScheduleDialog = lazy(() => import('./ScheduleDialog').then((module) => ({ default: module.ScheduleDialog })));

/**
 * 招聘爬虫 (docs/product/crawler.md#crawl-tasks): the crawling service's state, the tasks (create, run, live progress
 * pushed by the server, last run's figures), the results under review and the automated search.
 */
export function CrawlerSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useCrawlerApi();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [scheduling, setScheduling] = useState<CrawlTaskResponse | null>(null);
  const [filters, setFilters] = useState<ResultFilters>({});
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const live = useCrawlEvents();

  // A lost session goes to the login page like every react-admin call (the data provider, ADR 048).
  const status = useQuery({ queryKey: CRAWLER_QUERY_KEYS.status, queryFn: () => api.serviceStatus() });
  const tasks = useQuery({ queryKey: CRAWLER_QUERY_KEYS.tasks, queryFn: () => api.tasks() });
  const serviceValid = status.data?.isValid === true;

  const run = useMutation({
    mutationFn: (task: CrawlTaskResponse) => api.runTask(task.id),
    onSuccess: () => notify('aipm.crawler.tasks.started', { type: 'success' }),
    onError: (error) => {
      notify('aipm.crawler.tasks.run_failed', { type: 'error', messageArgs: { message: errorText(error) } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CRAWLER_QUERY_KEYS.tasks }),
  });

  const viewResults = (task: CrawlTaskResponse) => {
    setFilters({ taskId: task.id });
    resultsHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    // Keyboard and screen-reader users land on the list they asked for.
    resultsHeading.current?.focus({ preventScroll: true });
  };
  const taskList = tasks.data ?? [];

  return (
    <>
      <Title title="aipm.menu.crawler" />
      {/* The page's one h1 (react-admin's app bar title is not a heading of the page). */}
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {translate('aipm.crawler.title')}
      </Typography>
      <Box sx={{ mt: 2 }}>
        <ServiceStatusLine status={status} />
      </Box>

      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Box component="section" aria-labelledby="crawl-tasks-title">
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
              <Typography id="crawl-tasks-title" component="h2" variant="h6" sx={{ flexGrow: 1 }}>
                {translate('aipm.crawler.tasks.title')}
              </Typography>
              <Typography variant="caption" color="text.secondary" role="status" data-testid="crawl-live-state">
                {translate(live.connected ? 'aipm.crawler.live.connected' : 'aipm.crawler.live.reconnecting')}
              </Typography>
              {/* docs/product/crawler.md#crawling-service-status: creating needs a usable crawling service; the reason
                  is said below, not only greyed out. */}
              <Button variant="contained" startIcon={<AddIcon />} disabled={!serviceValid} onClick={() => setCreating(true)} aria-describedby={serviceValid ? undefined : 'crawl-create-disabled'}>
                {translate('aipm.crawler.tasks.create')}
              </Button>
            </Stack>
            {!serviceValid && !status.isPending && (
              <Typography id="crawl-create-disabled" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('aipm.crawler.service.create_disabled')}
              </Typography>
            )}
            {tasks.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
            {tasks.isError && (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void tasks.refetch()}>
                    {translate('aipm.crawler.retry')}
                  </Button>
                }
              >
                {translate('aipm.crawler.load_failed', { message: errorText(tasks.error) })}
              </Alert>
            )}
            {tasks.isSuccess && taskList.length === 0 && <Typography color="text.secondary">{translate('aipm.crawler.tasks.empty')}</Typography>}
            {taskList.length > 0 && (
              <Box
                role="region"
                aria-label={translate('aipm.crawler.tasks.list_label')}
                tabIndex={0}
                data-testid="crawl-task-list"
                sx={{ maxHeight: 600, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
              >
                {taskList.map((task) => (
                  <TaskCard
                    key={task.id}
                    task={task}
                    live={live.progress[task.id]}
                    starting={run.isPending && run.variables?.id === task.id}
                    onRun={(target) => run.mutate(target)}
                    onViewResults={viewResults}
                    onSchedule={setScheduling}
                  />
                ))}
              </Box>
            )}
          </Box>
        </CardContent>
      </Card>

      <Card sx={{ mt: 2 }}>
        <CardContent>
          <ResultsPanel ref={resultsHeading} tasks={taskList} filters={filters} onFilters={setFilters} />
        </CardContent>
      </Card>

      <Card sx={{ mt: 2, mb: 2 }}>
        <CardContent>
          <AutomatedSearchCard tasks={taskList} />
        </CardContent>
      </Card>

      <MountedOnceOpened open={creating}>
        <CreateTaskDialog open={creating} onClose={() => setCreating(false)} siteOrigins={status.data?.siteOrigins} />
      </MountedOnceOpened>
      <MountedOnceOpened open={scheduling !== null}>
        <ScheduleDialog key={scheduling?.id ?? 'closed'} task={scheduling} onClose={() => setScheduling(null)} />
      </MountedOnceOpened>
    </>
  );
}
