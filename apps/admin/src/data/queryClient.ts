import { MutationCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * docs/product/back-office.md#no-retries-and-no-polling, for every screen of the back office: data loading never
 * retries, never refetches when the window regains focus or the network comes back, never polls, and what was read
 * never goes stale on its own. react-admin's own client would retry three times, refetch on focus and read again
 * each time a screen is opened. A screen reads the first time it is opened, then again only when an action
 * invalidates its data or the administrator presses a refresh button; live progress arrives pushed by the server.
 */
export const ADMIN_QUERY_DEFAULTS = {
  queries: {
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: false,
    refetchIntervalInBackground: false,
  },
  // A failed save or delete is reported, never silently sent again.
  mutations: { retry: false },
} as const satisfies DefaultOptions;

/**
 * The one query client of the back office, given to <Admin> (AdminApp.tsx). A saved change may touch what other
 * screens read (enrolling a lead changes the lead's status, a payment the card's total): each success marks every
 * read as stale without reading it again, so the screen on view refreshes by the action's own invalidation and any
 * other reads again when it is next opened. Only a change does that, never time.
 */
export function createAdminQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: ADMIN_QUERY_DEFAULTS,
    mutationCache: new MutationCache({ onSuccess: () => queryClient.invalidateQueries({ refetchType: 'none' }) }),
  });
  return queryClient;
}
