import 'reflect-metadata';
import cluster from 'node:cluster';
import { closeOnSignals, EnvValidationError, keepIdleConnectionsOpen } from '@aipm/config';
import { runMigrations } from '@aipm/database';
import { serveMetrics } from '@aipm/metrics';
// Static: a dynamic import would load nestjs-pino's ESM build, a different Logger class from the app's.
import { Logger } from 'nestjs-pino';
import { apiProcessCount, createPrimaryLogger, superviseWorkers } from './cluster/api-cluster';
import { loadApiEnv } from './config/api-env';

/**
 * The primary (ADR 033): checks the environment, brings the schema up to date once, then starts the API
 * processes and supervises them. It never serves a request.
 */
async function runPrimary(): Promise<void> {
  const env = loadApiEnv();
  const logger = createPrimaryLogger(env.LOG_LEVEL);
  // The API owns the schema: bring it up to date before anything serves traffic, once for all processes.
  const applied = await runMigrations(env.DATABASE_URL);
  const processes = apiProcessCount(env.API_PROCESSES);
  logger.info({ migrationsApplied: applied, processes }, `api migrations applied (${applied.length}); starting ${processes} processes`);
  superviseWorkers(processes, logger);
  // Every API process's metrics, summed by prom-client's aggregator over the cluster's IPC (metrics.module.ts).
  const { AggregatorRegistry } = await import('prom-client');
  const aggregator = new AggregatorRegistry();
  try {
    const metrics = await serveMetrics({ metrics: () => aggregator.clusterMetrics(), contentType: aggregator.contentType }, { port: env.METRICS_PORT, host: env.METRICS_HOST });
    logger.info(`api metrics on http://${env.METRICS_HOST}:${metrics.port}/metrics`);
  } catch (error) {
    // The API serves without them: a port taken is the operator's to fix, not a reason to stop taking leads.
    logger.warn(`api metrics not served on ${env.METRICS_HOST}:${env.METRICS_PORT}: ${(error as Error).message}`);
  }
}

/** One API process: the whole app on the port it shares with the others through the primary. */
async function runWorker(): Promise<void> {
  const env = loadApiEnv();
  // Loaded here, not at the top: the primary never builds the app and stays small.
  const { createApp } = await import('./bootstrap/create-app.js');
  const app = await createApp(env);
  keepIdleConnectionsOpen(app.getHttpServer());
  await app.listen(env.API_PORT, env.API_HOST);
  const logger = app.get(Logger);
  closeOnSignals(app, { log: (message) => logger.log(message) });
  logger.log(`api listening on http://${env.API_HOST}:${env.API_PORT}`);
}

(cluster.isPrimary ? runPrimary() : runWorker()).catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : `api failed to start: ${String((error as Error)?.stack ?? error)}`);
  process.exit(1);
});
