import { MutationCache, notifyManager, QueryClient, type DefaultOptions } from '@tanstack/react-query';

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

/**
 * react-query hands each batch of notifications to its own `setTimeout(…, 0)`: opening a list scheduled some 250 of
 * them, one per query observer that subscribed or changed, and each timer costs the main thread on a phone (and
 * more under Lighthouse's tracing, which records a stack for every one: ADR 079). This hands every batch scheduled
 * before the next macrotask to a single timer, in the order they came, still after the current task as before.
 * Called once by AdminApp.tsx: the notify manager is react-query's one global.
 */
export function notifyQueryObserversInOneTimer(): void {
  let waiting: Array<() => void> = [];
  notifyManager.setScheduler((notify) => {
    waiting.push(notify);
    if (waiting.length > 1) return;
    setTimeout(() => {
      const due = waiting;
      waiting = [];
      for (const callback of due) {
        try {
          callback();
        } catch (error) {
          // Reported as its own timer would have, without keeping the batches after it from their observers.
          setTimeout(() => {
            throw error;
          }, 0);
        }
      }
    }, 0);
  });
}
