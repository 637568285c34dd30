import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * docs/product/back-office.md#no-retries-and-no-polling, for every screen of the back office: data loading never
 * retries, never refetches when the window regains focus or the network comes back, and never polls. react-admin's
 * own client would retry three times and refetch on focus. A screen fetches when it is opened and when an action
 * invalidates its data; live progress arrives pushed by the server, not by polling.
 */
export const ADMIN_QUERY_DEFAULTS = {
  queries: {
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: false,
    refetchIntervalInBackground: false,
  },
  // A failed save or delete is reported, never silently sent again.
  mutations: { retry: false },
} as const satisfies DefaultOptions;

/** The one query client of the back office, given to <Admin> (AdminApp.tsx). */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: ADMIN_QUERY_DEFAULTS });
}
