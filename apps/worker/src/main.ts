import 'reflect-metadata';
import { closeOnSignals, EnvValidationError } from '@aipm/config';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadWorkerEnv } from './config/worker-env';
import { WorkerModule } from './worker.module';

/** An application context, not an HTTP server: the worker only consumes BullMQ queues. */
async function main(): Promise<void> {
  const env = loadWorkerEnv();
  // createApplicationContext already runs the start-up hooks (heartbeat, queues, Chromium): the signal
  // handlers go first, so a SIGTERM during start-up waits for it and then closes cleanly instead of
  // killing the process with its heartbeat and browser left behind.
  const starting = NestFactory.createApplicationContext(WorkerModule.register(env), { bufferLogs: true }).then((app) => {
    const logger = app.get(Logger);
    app.useLogger(logger);
    return { app, logger };
  });
  // SIGTERM/SIGINT close BullMQ workers first (active jobs finish), then the browser and connections.
  closeOnSignals(
    { close: async () => (await starting).app.close() },
    { log: (message) => void starting.then(({ logger }) => logger.log(message), () => console.info(message)) },
  );
  const { logger } = await starting;
  logger.log(`worker running (pid ${process.pid})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : `worker failed to start: ${String((error as Error)?.stack ?? error)}`);
  process.exit(1);
});
