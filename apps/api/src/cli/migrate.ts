import 'reflect-metadata';
import { DatabaseEnv, EnvValidationError, validateEnv } from '@aipm/config';
import { runMigrations } from '@aipm/database';

/** `npm run db:migrate`: applies pending migrations without starting the API. */
async function main(): Promise<void> {
  const env = validateEnv('db:migrate', DatabaseEnv, process.env);
  const applied = await runMigrations(env.DATABASE_URL);
  console.info(applied.length ? `applied: ${applied.join(', ')}` : 'database schema is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : error);
  process.exit(1);
});
