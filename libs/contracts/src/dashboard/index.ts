export * from './dashboard-charts';
export * from './system-alerts';
