import 'reflect-metadata';
import { CRAWL_SCHEDULE_TIMEZONE } from '@aipm/contracts';
import { s3ClientOptions } from '@aipm/config';
import { BackupRun, createDataSourceOptions } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { BACKUP_JOB_NAME, BACKUP_QUEUE, BACKUP_SCHEDULER_ID, bullOptions } from '@aipm/queue';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Queue, QueueEvents } from 'bullmq';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'minio';
import { DataSource } from 'typeorm';
import { flushRedis, testRedisUrl } from '../../../../tools/testing/services';
import { loadWorkerEnv, WORKER_ENV } from '../config/worker-env';
import { BackupService } from './backup.service';

jest.setTimeout(120_000);

/**
 * The worker's backups (docs/product/backups.md#daily): its daily scheduler in China time, a job that leaves an
 * archive in BACKUP_TARGET and its record in backup_runs, the BACKUP_KEEP newest kept, and a failed run recorded with
 * its reason.
 */
describe(BackupService.name, () => {
  const redisUrl = testRedisUrl(12);
  let database: TestDatabase;
  let app: INestApplicationContext;
  let sql: DataSource;
  let folder: string;
  const bucket = `backup-worker-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    await flushRedis(redisUrl);
    database = await createTestDatabase({ migrate: true });
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'aipm-worker-backups-'));
    const env = loadWorkerEnv({
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      S3_BUCKET: bucket,
      BACKUP_TARGET: folder,
      BACKUP_KEEP: '2',
      BACKUP_SCHEDULE: '15 4 * * *',
      LOG_LEVEL: 'warn',
    });
    const client = new Client(s3ClientOptions(env));
    await client.makeBucket(bucket);
    await client.putObject(bucket, 'contracts/one.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 15, { 'Content-Type': 'application/pdf' });
    const moduleRef = await Test.createTestingModule({
      imports: [TypeOrmModule.forRoot(createDataSourceOptions(database.url))],
      providers: [{ provide: WORKER_ENV, useValue: env }, BackupService],
    }).compile();
    app = await moduleRef.init();
    sql = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('keeps one daily scheduler at BACKUP_SCHEDULE in China time on the backups queue', async () => {
    const queue = new Queue(BACKUP_QUEUE, bullOptions(redisUrl));
    try {
      expect(await queue.getJobSchedulers()).toEqual([
        expect.objectContaining({ key: BACKUP_SCHEDULER_ID, pattern: '15 4 * * *', tz: CRAWL_SCHEDULE_TIMEZONE, name: BACKUP_JOB_NAME }),
      ]);
    } finally {
      await queue.close();
    }
  });

  it('runs a job from the queue: the archive in BACKUP_TARGET, the run recorded, the two newest kept', async () => {
    const queue = new Queue(BACKUP_QUEUE, bullOptions(redisUrl));
    const events = new QueueEvents(BACKUP_QUEUE, bullOptions(redisUrl));
    try {
      await events.waitUntilReady();
      for (let press = 0; press < 3; press += 1) {
        const job = await queue.add(BACKUP_JOB_NAME, { trigger: 'manual', requestedBy: '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12' });
        await job.waitUntilFinished(events, 60_000);
        // Archive names are to the second.
        await new Promise((resolve) => setTimeout(resolve, 1_100));
      }
    } finally {
      await events.close();
      await queue.close();
    }
    const archives = (await fs.readdir(folder)).filter((name) => name.endsWith('.tar'));
    expect(archives).toHaveLength(2);
    const runs = await sql.getRepository(BackupRun).find({ order: { finishedAt: 'ASC' } });
    expect(runs).toHaveLength(3);
    expect(runs.map((run) => [run.trigger, run.status, run.requestedBy, run.error])).toEqual(Array(3).fill(['manual', 'succeeded', '3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12', null]));
    const last = runs[2]!;
    expect(last.location).toBe(path.join(folder, last.name!));
    expect(archives).toContain(last.name);
    expect(Number(last.sizeBytes)).toBe((await fs.stat(last.location!)).size);
    expect({ files: last.files, fileBytes: Number(last.fileBytes) }).toEqual({ files: 1, fileBytes: 15 });
  });

  it('records a failed run with its reason, and fails the job', async () => {
    const blocked = path.join(folder, 'not-a-folder');
    await fs.writeFile(blocked, 'a file where the target folder should be');
    const env = { ...app.get(WORKER_ENV), BACKUP_TARGET: blocked };
    const service = new BackupService(env);
    await expect(service.run({ trigger: 'schedule' })).rejects.toThrow(/EEXIST|ENOTDIR/);
    const failed = await sql.getRepository(BackupRun).findOneByOrFail({ status: 'failed' });
    expect(failed).toMatchObject({ trigger: 'schedule', location: null, name: null, requestedBy: null });
    expect(failed.error).toMatch(/EEXIST|ENOTDIR/);
  });
});
