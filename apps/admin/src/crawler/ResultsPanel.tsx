import { CRAWL_RESULT_STATUSES, CRAWL_RESULTS_LATEST, CRAWL_RESULTS_PAGE_SIZE, type CrawlResultResponse, type CrawlResultsQuery, type CrawlTaskResponse, SEARCH_SITES } from '@aipm/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Alert, Box, Button, FormControlLabel, LinearProgress, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forwardRef, lazy, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';

import { MountedOnceOpened } from '../layout/MountedOnceOpened';
import { CRAWLER_QUERY_KEYS, useCrawlerApi } from './crawlerApi';
import { type ResultAction, ResultCard } from './ResultCard';
import { useErrorText } from './useErrorText';

// The manual job's form comes on its first opening: the results' first paint does not need it (ADR 083).
const ManualJobDialog = lazy(() => import('./ManualJobDialog').then((module) => ({ default: module.ManualJobDialog })));

export type ResultFilters = Pick<CrawlResultsQuery, 'taskId' | 'site' | 'status'>;

/** Toasts of each review action (docs/product/crawler.md#result-states). */
const ACTION_TOASTS: Record<ResultAction, { done: string; failed: string }> = {
  approve: { done: 'aipm.crawler.results.approved', failed: 'aipm.crawler.results.approve_failed' },
  reject: { done: 'aipm.crawler.results.rejected', failed: 'aipm.crawler.results.reject_failed' },
  publish: { done: 'aipm.crawler.results.published', failed: 'aipm.crawler.results.publish_failed' },
};
/** The review card of 爬虫配置 words approving and rejecting as a review: 审核成功 / 审核失败. */
const REVIEW_TOASTS: Record<ResultAction, { done: string; failed: string }> = {
  approve: { done: 'aipm.crawler.results.reviewed_approved', failed: 'aipm.crawler.results.review_failed' },
  reject: { done: 'aipm.crawler.results.reviewed_rejected', failed: 'aipm.crawler.results.review_failed' },
  publish: ACTION_TOASTS.publish,
};

/**
 * The review list scrolls within the same height as the other admin lists (600 px,
 * docs/product/constants.md#interface).
 */
const LIST_MAX_HEIGHT = 600;

export interface ResultsPanelProps {
  tasks: readonly CrawlTaskResponse[];
  filters: ResultFilters;
  onFilters: (filters: ResultFilters) => void;
  /** `review`: the 爬虫配置 tab's review card, whose approve and reject toasts say 审核成功 / 审核失败. */
  wording?: 'actions' | 'review';
}

/**
 * 抓取结果 (docs/product/crawler.md#review-queue): the latest 20 by default, or every result page by page (server-side);
 * filters by task, site and status; approve / reject / publish as each state allows; manual add and clear history.
 */
export const ResultsPanel = forwardRef<HTMLHeadingElement, ResultsPanelProps>(function ResultsPanel({ tasks, filters, onFilters, wording = 'actions' }, headingRef) {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = useCrawlerApi();
  const queryClient = useQueryClient();
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(0);
  const [manualOpen, setManualOpen] = useState(false);
  const [clearOpen, setClearOpen] = useState(false);
  const toasts = wording === 'review' ? REVIEW_TOASTS : ACTION_TOASTS;

  const query: CrawlResultsQuery = showAll ? { ...filters, limit: CRAWL_RESULTS_PAGE_SIZE, offset: page * CRAWL_RESULTS_PAGE_SIZE } : { ...filters, limit: CRAWL_RESULTS_LATEST };
  const results = useQuery({
    queryKey: [...CRAWLER_QUERY_KEYS.results, query],
    queryFn: () => api.results(query),
    // Paging and filtering keep the current list on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

  const act = useMutation({
    mutationFn: async ({ result, action }: { result: CrawlResultResponse; action: ResultAction }) => {
      if (action === 'publish') await api.publish(result.id);
      else await api.review(result.id, action === 'approve' ? 'approved' : 'rejected');
    },
    onSuccess: (_answer, { action }) => notify(toasts[action].done, { type: 'success' }),
    onError: (error, { action }) => {
      notify(toasts[action].failed, { type: 'error', messageArgs: { message: errorText(error) } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CRAWLER_QUERY_KEYS.results }),
  });

  const clear = useMutation({
    mutationFn: () => api.clear(),
    onSuccess: (count) => notify('aipm.crawler.results.cleared', { type: 'success', messageArgs: { count } }),
    onError: (error) => {
      notify('aipm.crawler.results.clear_failed', { type: 'error', messageArgs: { message: errorText(error) } });
    },
    onSettled: async () => {
      setClearOpen(false);
      setPage(0);
      await queryClient.invalidateQueries({ queryKey: CRAWLER_QUERY_KEYS.results });
    },
  });

  const setFilter = (key: keyof ResultFilters, value: string) => {
    setPage(0);
    onFilters({ ...filters, [key]: value === '' ? undefined : value });
  };
  const list = results.data?.data ?? [];
  const total = results.data?.total ?? 0;
  // Past the exact count the server estimates the total and says so (ADR 028): "共约".
  const estimated = results.data?.totalIsEstimate === true;
  const from = page * CRAWL_RESULTS_PAGE_SIZE;

  return (
    <Box component="section" aria-labelledby="crawl-results-title">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="crawl-results-title" ref={headingRef} tabIndex={-1} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {translate('aipm.crawler.results.title')}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setManualOpen(true)}>
          {translate('aipm.crawler.results.add_manual')}
        </Button>
        <Button size="small" color="error" variant="outlined" startIcon={<DeleteSweepIcon />} onClick={() => setClearOpen(true)}>
          {translate('aipm.crawler.results.clear')}
        </Button>
      </Stack>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mb: 1, flexWrap: 'wrap' }}>
        <TextField variant="outlined" select size="small" label={translate('aipm.crawler.results.filter_task')} value={filters.taskId ?? ''} onChange={(event) => setFilter('taskId', event.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value="">{translate('aipm.crawler.results.all')}</MenuItem>
          {tasks.map((task) => (
            <MenuItem key={task.id} value={task.id}>
              {task.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField variant="outlined" select size="small" label={translate('aipm.crawler.results.filter_site')} value={filters.site ?? ''} onChange={(event) => setFilter('site', event.target.value)} sx={{ minWidth: 140 }}>
          <MenuItem value="">{translate('aipm.crawler.results.all')}</MenuItem>
          {[...SEARCH_SITES, 'other' as const].map((site) => (
            <MenuItem key={site} value={site}>
              {translate(`aipm.crawler.sites.${site}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField variant="outlined" select size="small" label={translate('aipm.crawler.results.filter_status')} value={filters.status ?? ''} onChange={(event) => setFilter('status', event.target.value)} sx={{ minWidth: 140 }}>
          <MenuItem value="">{translate('aipm.crawler.results.all')}</MenuItem>
          {CRAWL_RESULT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {translate(`aipm.crawler.result_status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={showAll}
              onChange={(event) => {
                setPage(0);
                setShowAll(event.target.checked);
              }}
            />
          }
          label={translate('aipm.crawler.results.show_all')}
        />
      </Stack>

      {results.isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {results.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void results.refetch()}>
              {translate('aipm.crawler.retry')}
            </Button>
          }
        >
          {translate('aipm.crawler.load_failed', { message: errorText(results.error) })}
        </Alert>
      )}
      {results.isSuccess && (
        <Typography variant="body2" color="text.secondary" data-testid="crawl-results-count" aria-live="polite">
          {showAll
            ? total > 0 && translate(estimated ? 'aipm.crawler.results.page_info_estimated' : 'aipm.crawler.results.page_info', { from: from + 1, to: from + list.length, total })
            : translate(estimated ? 'aipm.crawler.results.latest_estimated' : 'aipm.crawler.results.latest', { count: list.length, total })}
        </Typography>
      )}
      {results.isSuccess && list.length === 0 && <Typography color="text.secondary">{translate('aipm.crawler.results.empty')}</Typography>}
      {list.length > 0 && (
        <Box
          role="region"
          aria-label={translate('aipm.crawler.results.list_label')}
          // Focusable, so keyboard users can scroll the list (axe: scrollable-region-focusable).
          tabIndex={0}
          data-testid="crawl-results-list"
          sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, mt: 1 }}
        >
          {list.map((result) => (
            <ResultCard key={result.id} result={result} busy={act.isPending && act.variables?.result.id === result.id} onAction={(target, action) => act.mutate({ result: target, action })} />
          ))}
        </Box>
      )}
      {showAll && total > CRAWL_RESULTS_PAGE_SIZE && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
          <Button size="small" disabled={page === 0 || results.isFetching} onClick={() => setPage((current) => current - 1)}>
            {translate('aipm.crawler.results.previous')}
          </Button>
          <Button size="small" disabled={from + CRAWL_RESULTS_PAGE_SIZE >= total || results.isFetching} onClick={() => setPage((current) => current + 1)}>
            {translate('aipm.crawler.results.next')}
          </Button>
        </Stack>
      )}

      <MountedOnceOpened open={manualOpen}>
        <ManualJobDialog open={manualOpen} onClose={() => setManualOpen(false)} />
      </MountedOnceOpened>
      <Confirm
        isOpen={clearOpen}
        loading={clear.isPending}
        title="aipm.crawler.results.clear_title"
        content="aipm.crawler.results.clear_confirm"
        confirm="aipm.crawler.results.clear"
        confirmColor="warning"
        onConfirm={() => clear.mutate()}
        onClose={() => !clear.isPending && setClearOpen(false)}
      />
    </Box>
  );
});
