import 'reflect-metadata';
import { closeOnSignals, EnvValidationError } from '@aipm/config';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadWorkerEnv } from './config/worker-env';
import { WorkerModule } from './worker.module';

/** An application context, not an HTTP server: the worker only consumes BullMQ queues. */
async function main(): Promise<void> {
  const env = loadWorkerEnv();
  const app = await NestFactory.createApplicationContext(WorkerModule.register(env), { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  // SIGTERM/SIGINT close BullMQ workers first (active jobs finish), then the browser and connections.
  closeOnSignals(app, { log: (message) => logger.log(message) });
  await app.init();
  logger.log(`worker running (pid ${process.pid})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : `worker failed to start: ${String((error as Error)?.stack ?? error)}`);
  process.exit(1);
});
