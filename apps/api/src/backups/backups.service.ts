import { type BackupRunResponse, type BackupRunStatus, type BackupStatusResponse, type BackupTrigger, backupIsStale } from '@aipm/contracts';
import { BackupRun } from '@aipm/database';
import { BACKUP_QUEUE, BACKUP_SCHEDULER_ID, backupRunning, startBackupNow } from '@aipm/queue';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { Repository } from 'typeorm';
import { ApiError } from '../common/errors/api.error';
import { lastGoodBackup } from './last-good-backup';

/** How many of the newest runs the back office lists. */
const RECENT_RUNS = 10;

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

function responseOf(run: BackupRun): BackupRunResponse {
  return {
    id: run.id,
    trigger: run.trigger as BackupTrigger,
    status: run.status as BackupRunStatus,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt.toISOString(),
    name: run.name,
    location: run.location,
    sizeBytes: numberOrNull(run.sizeBytes),
    tables: run.tables,
    rows: numberOrNull(run.rows),
    files: run.files,
    fileBytes: numberOrNull(run.fileBytes),
    error: run.error,
  };
}

/**
 * 数据备份 in the back office (docs/product/backups.md#in-the-back-office): the runs the worker and `npm run backup`
 * recorded, whether the last good one is too old, and 立即备份 (a job on the worker's backups queue).
 */
@Injectable()
export class BackupsService {
  constructor(
    @InjectRepository(BackupRun) private readonly runs: Repository<BackupRun>,
    @InjectQueue(BACKUP_QUEUE) private readonly queue: Queue,
  ) {}

  async status(now = new Date()): Promise<BackupStatusResponse> {
    const [recent, lastSuccess, running, scheduler] = await Promise.all([
      this.runs.find({ order: { finishedAt: 'DESC' }, take: RECENT_RUNS }),
      lastGoodBackup(this.runs),
      backupRunning(this.queue),
      this.queue.getJobScheduler(BACKUP_SCHEDULER_ID),
    ]);
    const last = lastSuccess ? responseOf(lastSuccess) : null;
    return { runs: recent.map(responseOf), lastSuccess: last, stale: backupIsStale(last, now), running, schedule: scheduler?.pattern ?? null };
  }

  /** 立即备份; refused while one is waiting or under way. */
  async start(requestedBy: string): Promise<void> {
    if (!(await startBackupNow(this.queue, requestedBy))) throw new ApiError('BACKUP_ALREADY_RUNNING');
  }
}
