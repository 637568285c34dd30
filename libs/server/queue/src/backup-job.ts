import type { JobsOptions, Queue } from 'bullmq';

/**
 * Backups (docs/product/backups.md#daily): a job scheduler fires one daily at BACKUP_SCHEDULE (China time) on the
 * backups queue, whichever worker takes it; 立即备份 in the back office adds one now. One worker runs one at a time.
 */
export const BACKUP_JOB_NAME = 'backup';
export const BACKUP_SCHEDULER_ID = 'daily-backup';

export interface BackupJobData {
  trigger: 'schedule' | 'manual';
  /** The administrator who pressed 立即备份. */
  requestedBy?: string;
}

/** One attempt: a failed backup is recorded and shown, and the next one comes with the schedule or a press. */
export const BACKUP_JOB_OPTIONS: JobsOptions = { attempts: 1, removeOnComplete: { count: 50 }, removeOnFail: { count: 50 } };

/** A backup waiting or under way (the scheduler's next run, a delayed job, is not one). */
export async function backupRunning(queue: Queue): Promise<boolean> {
  const counts = await queue.getJobCounts('active', 'waiting', 'prioritized');
  return Object.values(counts).some((count) => count > 0);
}

/**
 * 立即备份: a backup now, unless one is waiting or under way (false then). Two presses at once add one job: the
 * deduplication id holds until that job has ended.
 */
export async function startBackupNow(queue: Queue, requestedBy: string): Promise<boolean> {
  if (await backupRunning(queue)) return false;
  const data: BackupJobData = { trigger: 'manual', requestedBy };
  await queue.add(BACKUP_JOB_NAME, data, { ...BACKUP_JOB_OPTIONS, deduplication: { id: 'backup-now' } });
  return true;
}
