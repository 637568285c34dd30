import type { PublicJob } from '@aipm/contracts';

/** docs/product/public-site.md#job-list-call: a non-ok answer raises "Failed to fetch jobs"; `success: false` counts as an empty list. */
const FETCH_JOBS_ERROR = 'Failed to fetch jobs';

interface JobListBody {
  success?: boolean;
  data?: PublicJob[];
}

/** GET /api/jobs?limit= from `baseUrl` (the internal API_URL on the server, '' in the browser). */
export async function fetchJobs(baseUrl: string, limit: number, init: RequestInit = {}): Promise<PublicJob[]> {
  const response = await fetch(`${baseUrl}/api/jobs?limit=${limit}`, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...init.headers } });
  if (!response.ok) throw new Error(FETCH_JOBS_ERROR);
  const body = (await response.json()) as JobListBody;
  return body.success && Array.isArray(body.data) ? body.data : [];
}
