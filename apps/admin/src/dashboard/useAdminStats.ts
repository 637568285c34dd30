import type { AdminStatsResponse } from '@aipm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDashboardApi } from './dashboardApi';

export type AdminStats = AdminStatsResponse['data'];

export const ADMIN_STATS_QUERY_KEY = ['aipm', 'admin-stats'] as const;

/**
 * Loads the three counts once per visit of the dashboard (the app's query policy,
 * docs/product/back-office.md#no-retries-and-no-polling: no polling, no refetch on focus). A session that has ended
 * (401) goes to the login page through the data provider (ADR 048), as every other read of the back office does,
 * rather than showing "load failed".
 */
export function useAdminStats(): { stats?: AdminStats; failed: boolean } {
  const api = useDashboardApi();
  const stats = useQuery({ queryKey: ADMIN_STATS_QUERY_KEY, queryFn: () => api.stats() });
  return { stats: stats.data, failed: stats.isError };
}
