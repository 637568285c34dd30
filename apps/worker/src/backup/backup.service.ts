import { createBackup, parseTarget, recordBackupRun } from '@aipm/backup';
import { CRAWL_SCHEDULE_TIMEZONE } from '@aipm/contracts';
import { s3ClientOptions } from '@aipm/config';
import { BACKUP_JOB_NAME, BACKUP_JOB_OPTIONS, BACKUP_QUEUE, BACKUP_SCHEDULER_ID, type BackupJobData, bullOptions, workerOptions } from '@aipm/queue';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type Job, Queue, Worker } from 'bullmq';
import { WORKER_ENV, type WorkerEnv } from '../config/worker-env';

/** What a backup job answers: where the archive went (no personal data, no secret). */
export interface BackupJobResult {
  name: string;
  location: string;
  sizeBytes: number;
}

/**
 * The daily backup (docs/product/backups.md#daily): one job scheduler on the backups queue fires at BACKUP_SCHEDULE in
 * China time (every worker upserts it, one of them runs each job), and 立即备份 adds a job now. A run, done or failed,
 * is recorded in backup_runs for the back office; a failure is also the job's.
 */
@Injectable()
export class BackupService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BackupService.name);
  private queue?: Queue<BackupJobData>;
  private worker?: Worker<BackupJobData, BackupJobResult>;

  constructor(@Inject(WORKER_ENV) private readonly env: WorkerEnv) {}

  async onApplicationBootstrap(): Promise<void> {
    const options = bullOptions(this.env.REDIS_URL);
    this.queue = new Queue<BackupJobData>(BACKUP_QUEUE, options);
    await this.queue.upsertJobScheduler(
      BACKUP_SCHEDULER_ID,
      { pattern: this.env.BACKUP_SCHEDULE, tz: CRAWL_SCHEDULE_TIMEZONE },
      { name: BACKUP_JOB_NAME, data: { trigger: 'schedule' }, opts: BACKUP_JOB_OPTIONS },
    );
    this.worker = new Worker<BackupJobData, BackupJobResult>(BACKUP_QUEUE, (job) => this.run(job.data), { ...workerOptions(this.env.REDIS_URL), concurrency: 1 });
    this.worker.on('failed', (job: Job | undefined, error) => this.logger.warn(`backup job ${job?.id} failed: ${error.message}`));
    this.worker.on('error', (error) => this.logger.error(`backup worker: ${error.message}`));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }

  /** One backup into BACKUP_TARGET, keeping BACKUP_KEEP, recorded whatever its outcome. */
  async run(data: BackupJobData): Promise<BackupJobResult> {
    const startedAt = new Date();
    // Loaded here, not at start: the S3 client weighs about 28 MB and a backup runs once a day (ADR 064's memory budget).
    const { Client } = await import('minio');
    const client = new Client(s3ClientOptions(this.env));
    const record = (outcome: Parameters<typeof recordBackupRun>[1]['outcome']) =>
      recordBackupRun(this.env.DATABASE_URL, { trigger: data.trigger, startedAt, requestedBy: data.requestedBy ?? null, outcome });
    try {
      const result = await createBackup({
        databaseUrl: this.env.DATABASE_URL,
        storage: { client, bucket: this.env.S3_BUCKET },
        target: parseTarget(this.env.BACKUP_TARGET),
        targetClient: client,
        keep: this.env.BACKUP_KEEP,
        log: (line) => this.logger.debug(line),
      });
      await record({ result });
      this.logger.log(`backup ${result.name}: ${result.sizeBytes} bytes in ${result.durationMs} ms (${result.totals.rows} rows, ${result.totals.files} files)`);
      return { name: result.name, location: result.location, sizeBytes: result.sizeBytes };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await record({ error: message }).catch((recordError: unknown) => this.logger.error(`the failed backup could not be recorded: ${String(recordError)}`));
      throw error;
    }
  }
}
