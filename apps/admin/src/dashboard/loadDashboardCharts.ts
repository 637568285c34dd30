/**
 * The charts' chunk, with their library: Dashboard.tsx renders it lazily, and sections/firstScreens.ts starts it
 * beside the cards' chunk when the address opens the dashboard. A module of its own, so that Dashboard.tsx does
 * not import the index.ts that loads it.
 */
export const loadDashboardCharts = () => import('./DashboardCharts');
