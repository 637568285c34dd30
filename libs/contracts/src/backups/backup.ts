/*
 * Backups as the back office sees them (docs/product/backups.md#in-the-back-office): each run's record, and whether
 * the latest good one is recent enough.
 */

/** What started a run: the worker's schedule, 立即备份 in the back office, or `npm run backup`. */
export type BackupTrigger = 'schedule' | 'manual' | 'command';
export const BACKUP_TRIGGERS: readonly BackupTrigger[] = ['schedule', 'manual', 'command'];

export type BackupRunStatus = 'succeeded' | 'failed';

/** A successful backup older than this (or none at all) is warned about. */
export const BACKUP_STALE_HOURS = 36;

export interface BackupRunResponse {
  id: string;
  trigger: BackupTrigger;
  status: BackupRunStatus;
  startedAt: string;
  finishedAt: string;
  /** The archive's name and where it was put (a path or an s3:// URL); null when the run failed. */
  name: string | null;
  location: string | null;
  sizeBytes: number | null;
  tables: number | null;
  rows: number | null;
  files: number | null;
  fileBytes: number | null;
  /** Why it failed (never a secret: the PostgreSQL programs get the password through their environment). */
  error: string | null;
}

/** GET /api/admin/backups. */
export interface BackupStatusResponse {
  /** The newest runs, newest first (at most 10). */
  runs: BackupRunResponse[];
  /** The newest successful run, however old. */
  lastSuccess: BackupRunResponse | null;
  /** No successful run, or the last one finished more than BACKUP_STALE_HOURS ago. */
  stale: boolean;
  /** A run is waiting or under way. */
  running: boolean;
  /** The worker's schedule (cron, China time) as it registered it; null before a worker has started. */
  schedule: string | null;
}

/** What the back office's event stream says of a run: started, or finished with its status. */
export type BackupLiveEvent = { type: 'started' } | { type: 'finished'; status: BackupRunStatus };

/** Whether the last good backup is too old at `now`. */
export function backupIsStale(lastSuccess: { finishedAt: string } | null, now: Date = new Date()): boolean {
  return lastSuccess === null || now.getTime() - Date.parse(lastSuccess.finishedAt) > BACKUP_STALE_HOURS * 3_600_000;
}

export const BACKUP_PATHS = {
  status: '/api/admin/backups',
  start: '/api/admin/backups',
  events: '/api/admin/backups/events',
} as const;

export const BACKUP_MESSAGES = { started: '备份已开始' } as const;
