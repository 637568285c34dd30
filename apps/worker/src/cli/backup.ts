import 'reflect-metadata';
import { createBackup, describeTarget, parseTarget, recordBackupRun } from '@aipm/backup';
import { BackupEnv, EnvValidationError, s3ClientOptions, validateEnv } from '@aipm/config';
import { Client } from 'minio';
import { describeBackup } from './backup-cli';

/**
 * `npm run backup` (docs/product/backups.md#by-hand): one archive now, of the system the environment names, into
 * BACKUP_TARGET, keeping the BACKUP_KEEP newest. While `npm start` runs, its worker's backup is started from the back
 * office instead (the data dir is that run's).
 */
async function main(): Promise<void> {
  const env = validateEnv('backup', BackupEnv, process.env);
  const client = new Client(s3ClientOptions(env));
  const target = parseTarget(env.BACKUP_TARGET);
  console.info(`[backup] into ${describeTarget(target)}, keeping the ${env.BACKUP_KEEP} newest`);
  const startedAt = new Date();
  // Recorded like the worker's runs, so the back office shows a backup made by hand too.
  const record = (outcome: Parameters<typeof recordBackupRun>[1]['outcome']) => recordBackupRun(env.DATABASE_URL, { trigger: 'command', startedAt, outcome });
  try {
    const result = await createBackup({
      databaseUrl: env.DATABASE_URL,
      storage: { client, bucket: env.S3_BUCKET },
      target,
      targetClient: client,
      keep: env.BACKUP_KEEP,
      log: (line) => console.info(`[backup] ${line}`),
    });
    await record({ result });
    console.info(`[backup] done: ${describeBackup(result)}`);
  } catch (error) {
    await record({ error: error instanceof Error ? error.message : String(error) }).catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : `[backup] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
