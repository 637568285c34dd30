import { PUBLIC_JOBS_DEFAULT_LIMIT, type PublicJob } from '@aipm/contracts';
import type { AppLoadContext } from '@remix-run/node';

import { fetchJobs } from './fetch-jobs';

/** The first paint must not wait long for the API: after this the block renders its error state with retry. */
const SSR_JOBS_TIMEOUT_MS = 2000;

export interface InitialJobs {
  /** Null when the API could not be reached: the block then shows the error with a retry button. */
  jobs: PublicJob[] | null;
  /** The server's clock, so "x hours ago" hydrates exactly as rendered. */
  renderedAt: string;
  limit: number;
}

/** Server-side first paint: the API over HTTP through its internal address, never the database. */
export async function loadInitialJobs(context: AppLoadContext, limit = PUBLIC_JOBS_DEFAULT_LIMIT): Promise<InitialJobs> {
  const renderedAt = new Date().toISOString();
  try {
    const jobs = await fetchJobs(context.apiUrl, limit, {
      headers: { 'x-request-id': context.requestId },
      signal: AbortSignal.timeout(SSR_JOBS_TIMEOUT_MS),
    });
    return { jobs, renderedAt, limit };
  } catch (error) {
    console.error(JSON.stringify({ msg: 'jobs first paint failed', requestId: context.requestId, err: String(error) }));
    return { jobs: null, renderedAt, limit };
  }
}
