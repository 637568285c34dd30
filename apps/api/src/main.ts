import 'reflect-metadata';
import cluster from 'node:cluster';
import { closeOnSignals, EnvValidationError } from '@aipm/config';
import { runMigrations } from '@aipm/database';
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
}

/** One API process: the whole app on the port it shares with the others through the primary. */
async function runWorker(): Promise<void> {
  const env = loadApiEnv();
  // Loaded here, not at the top: the primary never builds the app and stays small.
  const { createApp } = await import('./bootstrap/create-app.js');
  const app = await createApp(env);
  await app.listen(env.API_PORT, env.API_HOST);
  const logger = app.get(Logger);
  closeOnSignals(app, { log: (message) => logger.log(message) });
  logger.log(`api listening on http://${env.API_HOST}:${env.API_PORT}`);
}

(cluster.isPrimary ? runPrimary() : runWorker()).catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : `api failed to start: ${String((error as Error)?.stack ?? error)}`);
  process.exit(1);
});
