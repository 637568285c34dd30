import { DASHBOARD_CHARTS_PATH, type DashboardCharts } from '@aipm/contracts';

import { httpClient } from '../data/dataProvider';

/** GET /api/admin/stats/charts; httpClient unwraps `{ success, data }`. */
export const dashboardChartsApi = {
  read: async () => (await httpClient(DASHBOARD_CHARTS_PATH)).json as DashboardCharts,
};

export const DASHBOARD_CHARTS_QUERY_KEY = ['aipm', 'dashboard-charts'] as const;
