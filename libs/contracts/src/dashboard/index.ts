export * from './dashboard-charts';
export * from './system-alerts';
export * from './lead-follow-up';
