import type { AdminPublishedJobResponse } from '@aipm/contracts';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';

import { PublishedJobCard } from './PublishedJobCard';
import { PUBLISHED_JOBS_QUERY_KEY, usePublishedJobsApi } from './publishedJobsApi';

/** Published jobs scroll within 700 px (docs/product/crawler.md#published-jobs). */
export const PUBLISHED_JOBS_LIST_MAX_HEIGHT = 700;

type PendingChange = { kind: 'toggle' | 'delete'; job: AdminPublishedJobResponse };

/** The failure's text: the data provider's errors carry a translation key of the API's code. */
function useErrorText(): (error: unknown) => string {
  const translate = useTranslate();
  return (error) => (error instanceof Error ? translate(error.message, { _: error.message }) : String(error));
}

/**
 * 已发布职位 (docs/product/crawler.md#published-jobs): the total, the list within 700 px, and per job a show/deactivate
 * toggle and a delete, each behind its confirm. After a change the list is read again; the public job list
 * revalidates on its next load (GET /api/jobs is `no-cache` with an ETag).
 */
export function PublishedJobsSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const api = usePublishedJobsApi();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingChange | null>(null);

  // A lost session goes to the login page like every react-admin call (the data provider, ADR 048).
  const jobs = useQuery({ queryKey: PUBLISHED_JOBS_QUERY_KEY, queryFn: () => api.list() });

  const change = useMutation({
    mutationFn: async ({ kind, job }: PendingChange) => {
      if (kind === 'delete') await api.remove(job.id);
      else await api.setActive(job.id, !job.isActive);
    },
    onSuccess: (_result, { kind }) => notify(kind === 'delete' ? 'aipm.published_jobs.deleted' : 'aipm.published_jobs.updated', { type: 'success' }),
    onError: (error, { kind }) => {
      notify(kind === 'delete' ? 'aipm.published_jobs.delete_failed' : 'aipm.published_jobs.update_failed', {
        type: 'error',
        messageArgs: { message: errorText(error) },
      });
    },
    onSettled: async () => {
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: PUBLISHED_JOBS_QUERY_KEY });
    },
  });

  const list = jobs.data ?? [];
  const confirmText = (() => {
    if (!pending) return { title: '', content: '' };
    if (pending.kind === 'delete') return { title: 'aipm.published_jobs.confirm_delete_title', content: 'aipm.published_jobs.confirm_delete' };
    return pending.job.isActive
      ? { title: 'aipm.published_jobs.confirm_deactivate_title', content: 'aipm.published_jobs.confirm_deactivate' }
      : { title: 'aipm.published_jobs.confirm_activate_title', content: 'aipm.published_jobs.confirm_activate' };
  })();

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="aipm.menu.published_jobs" />
      <CardContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
          {/* The page's one h1 (react-admin's app bar title is not a heading of the page). */}
          <Typography component="h1" variant="h6">
            {translate('aipm.published_jobs.title')}
          </Typography>
          {jobs.isSuccess && (
            <Typography color="text.secondary" data-testid="published-jobs-total">
              {translate('aipm.published_jobs.total', { count: list.length })}
            </Typography>
          )}
        </Stack>
        {jobs.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {jobs.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void jobs.refetch()}>
                {translate('aipm.published_jobs.retry')}
              </Button>
            }
          >
            {translate('aipm.published_jobs.load_failed', { message: errorText(jobs.error) })}
          </Alert>
        )}
        {jobs.isSuccess && list.length === 0 && <Typography color="text.secondary">{translate('aipm.published_jobs.empty')}</Typography>}
        {list.length > 0 && (
          <Box
            role="region"
            aria-label={translate('aipm.published_jobs.list_label')}
            // Focusable, so keyboard users can scroll the list (axe: scrollable-region-focusable).
            tabIndex={0}
            data-testid="published-jobs-list"
            sx={{ maxHeight: PUBLISHED_JOBS_LIST_MAX_HEIGHT, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            {list.map((job) => (
              <PublishedJobCard
                key={job.id}
                job={job}
                busy={change.isPending && change.variables?.job.id === job.id}
                onToggle={(target) => setPending({ kind: 'toggle', job: target })}
                onDelete={(target) => setPending({ kind: 'delete', job: target })}
              />
            ))}
          </Box>
        )}
      </CardContent>
      <Confirm
        isOpen={pending !== null}
        loading={change.isPending}
        title={confirmText.title}
        content={confirmText.content}
        contentTranslateOptions={{ title: pending?.job.title ?? '' }}
        confirm={pending?.kind === 'delete' ? 'aipm.published_jobs.delete' : pending?.job.isActive ? 'aipm.published_jobs.deactivate' : 'aipm.published_jobs.activate'}
        confirmColor={pending?.kind === 'delete' ? 'warning' : 'primary'}
        onConfirm={() => pending && change.mutate(pending)}
        onClose={() => !change.isPending && setPending(null)}
      />
    </Card>
  );
}
