import {
  ADMIN_AUTH_PATHS,
  type AdminStatsResponse,
  DASHBOARD_CHARTS_PATH,
  type DashboardCharts,
  FIRST_CONTACT_PATH,
  type FirstContactStats,
  SOURCE_FUNNEL_PATH,
  type SourceFunnelStats,
  SYSTEM_ALERTS_PATH,
  type SystemAlert,
} from '@aipm/contracts';

import { defineSectionClient, useSectionClient } from '../data/sectionClient';

/**
 * The dashboard's calls: the three counts (GET /api/admin/stats) and the charts (GET /api/admin/stats/charts); the
 * data provider's client unwraps `{ success, data }`.
 */
export const dashboardClient = defineSectionClient('dashboard', (http) => ({
  stats: async () => (await http(ADMIN_AUTH_PATHS.stats)).json as AdminStatsResponse['data'],
  charts: async () => (await http(DASHBOARD_CHARTS_PATH)).json as DashboardCharts,
  /** The conditions of the alert rules that hold now (docs/product/operations.md#on-the-dashboard). */
  systemAlerts: async () => (await http(SYSTEM_ALERTS_PATH)).json as SystemAlert[],
  /** The follow-up card (docs/product/back-office.md#first-contact-and-funnel). */
  firstContact: async () => (await http(FIRST_CONTACT_PATH)).json as FirstContactStats,
  sourceFunnel: async () => (await http(SOURCE_FUNNEL_PATH)).json as SourceFunnelStats,
}));

/** The calls through react-admin's data provider: a 401 signs the administrator out (ADR 048). */
export const useDashboardApi = () => useSectionClient(dashboardClient);

export const DASHBOARD_CHARTS_QUERY_KEY = ['aipm', 'dashboard-charts'] as const;
export const SYSTEM_ALERTS_QUERY_KEY = ['aipm', 'system-alerts'] as const;
export const LEAD_FOLLOW_UP_QUERY_KEY = ['aipm', 'lead-follow-up'] as const;
