import type { PublicJob } from '@aipm/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

import { fetchJobs } from '~/jobs/fetch-jobs';

export type JobsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; jobs: PublicJob[]; now: string };

/**
 * The public job list: starts from the server's first paint; refresh and retry raise a counter and
 * fetch again (docs/product/public-site.md#jobs-block). Never polls or refetches on focus
 * (docs/product/back-office.md#no-retries-and-no-polling states it for the back office).
 */
export function useJobs(initial: { jobs: PublicJob[] | null; renderedAt: string }, initialLimit: number) {
  const [limit, setLimit] = useState(initialLimit);
  const [counter, setCounter] = useState(0);
  const [state, setState] = useState<JobsState>(
    initial.jobs ? { status: 'loaded', jobs: initial.jobs, now: initial.renderedAt } : { status: 'error', message: 'Failed to fetch jobs' },
  );
  const firstRun = useRef(true);

  useEffect(() => {
    // The first render already holds the server's answer.
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchJobs('', limit, { signal: controller.signal }).then(
      (jobs) => setState({ status: 'loaded', jobs, now: new Date().toISOString() }),
      (error: Error) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: error.message });
      },
    );
    return () => controller.abort();
  }, [counter, limit]);

  const refetch = useCallback(() => setCounter((value) => value + 1), []);
  const showMore = useCallback((next: number) => setLimit(next), []);
  return { state, limit, refetch, showMore };
}
