export * from './dashboard-charts';
