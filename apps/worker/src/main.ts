import 'reflect-metadata';
import { closeOnSignals, EnvValidationError, quietNestStartup } from '@aipm/config';
import { serveMetrics } from '@aipm/metrics';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadWorkerEnv } from './config/worker-env';
import { WORKER_METRICS } from './metrics/worker-metrics';
import { WorkerModule } from './worker.module';

/** An application context, not an HTTP server: the worker only consumes BullMQ queues. */
async function main(): Promise<void> {
  const env = loadWorkerEnv();
  // createApplicationContext already runs the start-up hooks (heartbeat, queues, Chromium): the signal
  // handlers go first, so a SIGTERM during start-up waits for it and then closes cleanly instead of
  // killing the process with its heartbeat and browser left behind.
  const starting = NestFactory.createApplicationContext(WorkerModule.register(env), { bufferLogs: true }).then((app) => {
    const logger = app.get(Logger);
    app.useLogger(quietNestStartup(logger));
    return { app, logger };
  });
  // SIGTERM/SIGINT close BullMQ workers first (active jobs finish), then the browser and connections.
  closeOnSignals(
    { close: async () => (await starting).app.close() },
    { log: (message) => void starting.then(({ logger }) => logger.log(message), () => console.info(message)) },
  );
  const { app, logger } = await starting;
  logger.log(`worker running (pid ${process.pid})`);
  try {
    const metrics = await serveMetrics(app.get(WORKER_METRICS), { port: env.METRICS_PORT, host: env.METRICS_HOST });
    logger.log(`worker metrics on http://${env.METRICS_HOST}:${metrics.port}/metrics`);
  } catch (error) {
    // The worker crawls and calls without them: a port taken is the operator's to fix.
    logger.warn(`worker metrics not served on ${env.METRICS_HOST}:${env.METRICS_PORT}: ${(error as Error).message}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : `worker failed to start: ${String((error as Error)?.stack ?? error)}`);
  process.exit(1);
});
