import { Client } from 'pg';
import type { BackupResult } from './backup';

export interface BackupRunRecord {
  trigger: 'schedule' | 'manual' | 'command';
  startedAt: Date;
  requestedBy?: string | null;
  /** The archive made, or why there is none. */
  outcome: { result: BackupResult } | { error: string };
}

/**
 * Records an ended run in backup_runs (docs/product/backups.md#in-the-back-office), after the archive: the archive
 * holds the runs before it. A failure to record is the caller's to report; the archive stays.
 */
export async function recordBackupRun(databaseUrl: string, run: BackupRunRecord): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = 'result' in run.outcome ? run.outcome.result : null;
    await client.query(
      `INSERT INTO "backup_runs" ("trigger", "status", "startedAt", "finishedAt", "requestedBy", "name", "location", "sizeBytes", "tables", "rows", "files", "fileBytes", "error")
       VALUES ($1, $2, $3, now(), $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        run.trigger,
        result ? 'succeeded' : 'failed',
        run.startedAt,
        run.requestedBy ?? null,
        result?.name ?? null,
        result?.location ?? null,
        result?.sizeBytes ?? null,
        result?.totals.tables ?? null,
        result?.totals.rows ?? null,
        result?.totals.files ?? null,
        result?.totals.fileBytes ?? null,
        'error' in run.outcome ? run.outcome.error.slice(0, 2_000) : null,
      ],
    );
  } finally {
    await client.end();
  }
}
