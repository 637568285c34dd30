import { lazy } from 'react';

export { loadDashboardCharts } from './loadDashboardCharts';

/** The cards' chunk: the lazy screen below, and sections/firstScreens.ts when the address opens the dashboard. */
export const loadDashboard = () => import('./Dashboard');

/** The dashboard: its own chunk, fetched when the back office opens on it (ADR 040). */
export const DashboardScreen = lazy(() => loadDashboard().then((module) => ({ default: module.Dashboard })));
