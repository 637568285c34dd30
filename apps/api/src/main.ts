import 'reflect-metadata';
import { closeOnSignals, EnvValidationError } from '@aipm/config';
import { Logger } from 'nestjs-pino';
import { createApp } from './bootstrap/create-app';
import { loadApiEnv } from './config/api-env';
import { runMigrations } from '@aipm/database';

async function main(): Promise<void> {
  const env = loadApiEnv();
  // The API owns the schema: bring it up to date before anything serves traffic.
  const applied = await runMigrations(env.DATABASE_URL);
  const app = await createApp(env);
  await app.listen(env.API_PORT, env.API_HOST);
  const logger = app.get(Logger);
  closeOnSignals(app, { log: (message) => logger.log(message) });
  logger.log({ migrationsApplied: applied }, `api listening on http://${env.API_HOST}:${env.API_PORT}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : `api failed to start: ${String((error as Error)?.stack ?? error)}`);
  process.exit(1);
});
