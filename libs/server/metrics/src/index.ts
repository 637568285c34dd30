export { backupMetrics, callMetrics, crawlMetrics, leadMetrics } from './domain';
export { httpMetrics } from './http';
export { METRIC_NAMES, type MetricName } from './names';
export { oldestWaitSeconds, queueMetrics, type QueueLike } from './queues';
export { type AppName, createRegistry } from './registry';
export { type MetricsServer, type MetricsSource, serveMetrics } from './serve';
