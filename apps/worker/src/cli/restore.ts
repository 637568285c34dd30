import 'reflect-metadata';
import { RestoreRefusedError, restoreBackup } from '@aipm/backup';
import { BackupEnv, EnvValidationError, s3ClientOptions, validateEnv } from '@aipm/config';
import { Client } from 'minio';
import { describeTotals } from './backup-cli';

const USAGE = 'usage: npm run restore -- <archive: a path, or s3://<bucket>/<key>>';

/**
 * `npm run restore -- <archive>` (docs/product/backups.md#restoring): the archive into the empty system the
 * environment names (e.g. a new DATA_DIR), then every table and file compared with its manifest. Exit 0: restored with
 * no difference; 1: restored, with the differences printed; 2: refused (nothing changed) or not run.
 */
async function main(): Promise<number> {
  const archive = process.argv[2];
  if (!archive || archive.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const env = validateEnv('restore', BackupEnv, process.env);
  const client = new Client(s3ClientOptions(env));
  try {
    const result = await restoreBackup({
      archive,
      databaseUrl: env.DATABASE_URL,
      storage: { client, bucket: env.S3_BUCKET },
      archiveClient: client,
      log: (line) => console.info(`[restore] ${line}`),
    });
    console.info(`[restore] the backup of ${result.createdAt}: ${describeTotals(result.totals)}, in ${(result.durationMs / 1000).toFixed(1)} s`);
    if (result.differences.length === 0) {
      console.info('[restore] compared with the manifest: 0 differences');
      return 0;
    }
    console.error(`[restore] compared with the manifest: ${result.differences.length} difference(s):`);
    for (const line of result.differences) console.error(`  ${line}`);
    return 1;
  } catch (error) {
    if (error instanceof RestoreRefusedError) {
      console.error(`[restore] refused, nothing changed: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvValidationError ? error.message : `[restore] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof EnvValidationError ? 2 : 1);
  },
);
