import {
  AUTOMATED_CRAWL_MAX_RESULTS,
  AUTOMATED_CRAWL_SITES,
  type AutomatedCrawlSite,
  CRAWL_CITIES,
  type CrawlCity,
  type CrawlResultResponse,
  type CrawlTaskResponse,
  DEFAULT_CRAWL_CITY,
  DEFAULT_CRAWL_KEYWORD,
} from '@aipm/contracts';
import { Box, Button, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';

import { CRAWLER_QUERY_KEYS, useCrawlerApi } from './crawlerApi';
import { useErrorText } from './useErrorText';

/**
 * 自动抓取 (docs/product/crawler.md#automated-search): site (zhaopin, zhipin, job51), keyword (AI产品经理), city (长沙 of ten),
 * 50 jobs per run. The API waits up to 50 s: the jobs then come with its answer; a longer run's jobs are read when
 * the pushed events say its task ended (the task list is refreshed by them).
 */
export function AutomatedSearchCard({ tasks }: { tasks: readonly CrawlTaskResponse[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useCrawlerApi();
  const queryClient = useQueryClient();
  const [site, setSite] = useState<AutomatedCrawlSite>('zhaopin');
  const [keyword, setKeyword] = useState(DEFAULT_CRAWL_KEYWORD);
  const [city, setCity] = useState<CrawlCity>(DEFAULT_CRAWL_CITY);
  const [found, setFound] = useState<CrawlResultResponse[] | null>(null);
  const [waitingTaskId, setWaitingTaskId] = useState<string | null>(null);

  const run = useMutation({
    mutationFn: () =>
      api.automatedRun({
        site,
        keywords: [keyword.trim()],
        city,
        maxResults: AUTOMATED_CRAWL_MAX_RESULTS,
        taskName: `${translate(`aipm.crawler.sites.${site}`)} · ${keyword.trim()} · ${city}`,
      }),
    onMutate: () => {
      setFound(null);
      setWaitingTaskId(null);
    },
    onSuccess: async (answer) => {
      if (answer.data.finished) {
        setFound(answer.data.jobs);
        notify('aipm.crawler.automated.succeeded', { type: 'success', messageArgs: { count: answer.data.jobs.length } });
      } else {
        setWaitingTaskId(answer.data.taskId);
        notify('aipm.crawler.automated.still_running', { type: 'info' });
      }
      await queryClient.invalidateQueries({ queryKey: CRAWLER_QUERY_KEYS.results });
      await queryClient.invalidateQueries({ queryKey: CRAWLER_QUERY_KEYS.tasks });
    },
    onError: (error) => {
      notify('aipm.crawler.automated.failed', { type: 'error', messageArgs: { message: errorText(error) } });
    },
  });

  // A run that outlasted the API's wait: its jobs once its task has ended (the task list follows the pushed events).
  const waitingTask = tasks.find((task) => task.id === waitingTaskId);
  const ended = waitingTask !== undefined && waitingTask.status !== 'running' && waitingTask.status !== 'pending';
  const late = useQuery({
    queryKey: [...CRAWLER_QUERY_KEYS.results, { taskId: waitingTaskId, limit: AUTOMATED_CRAWL_MAX_RESULTS }],
    queryFn: () => api.results({ taskId: waitingTaskId ?? undefined, limit: AUTOMATED_CRAWL_MAX_RESULTS }),
    enabled: ended,
  });
  const jobs = found ?? (ended && late.data ? late.data.data : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (keyword.trim() !== '') run.mutate();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="automated-search-title">
      <Typography id="automated-search-title" component="h2" variant="h6">
        {translate('aipm.crawler.automated.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('aipm.crawler.automated.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField variant="outlined" select size="small" label={translate('aipm.crawler.automated.site')} value={site} onChange={(event) => setSite(event.target.value as AutomatedCrawlSite)} sx={{ minWidth: 140 }}>
          {AUTOMATED_CRAWL_SITES.map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`aipm.crawler.sites.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField variant="outlined" size="small" label={translate('aipm.crawler.automated.keyword')} value={keyword} onChange={(event) => setKeyword(event.target.value)} required />
        <TextField variant="outlined" select size="small" label={translate('aipm.crawler.automated.city')} value={city} onChange={(event) => setCity(event.target.value as CrawlCity)} sx={{ minWidth: 120 }}>
          {CRAWL_CITIES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        {/* Fixed at 50 per run (docs/product/crawler.md#automated-search): a fact, so text, not a box that looks editable. */}
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }} data-testid="automated-max-results">
          {translate('aipm.crawler.automated.max_results', { count: AUTOMATED_CRAWL_MAX_RESULTS })}
        </Typography>
        <Button type="submit" variant="contained" disabled={keyword.trim() === '' || run.isPending}>
          {translate(run.isPending ? 'aipm.crawler.automated.running' : 'aipm.crawler.automated.run')}
        </Button>
      </Stack>
      {waitingTaskId && !jobs && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} role="status">
          {translate('aipm.crawler.automated.still_running')}
        </Typography>
      )}
      {jobs && (
        <Box sx={{ mt: 2 }} data-testid="automated-found">
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }} role="status">
            {jobs.length > 0 ? translate('aipm.crawler.automated.found_title', { count: jobs.length }) : translate('aipm.crawler.automated.found_empty')}
          </Typography>
          {jobs.length > 0 && (
            <List dense aria-label={translate('aipm.crawler.automated.found_label')} tabIndex={0} sx={{ maxHeight: 300, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {jobs.map((job) => (
                <ListItem key={job.id} divider>
                  <ListItemText primary={job.title} secondary={[job.company, job.location, job.salary].filter(Boolean).join(' · ')} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </Box>
  );
}
