import 'reflect-metadata';
import { CRAWL_SCHEDULE_TIMEZONE, SITE_SETTINGS_KEYS } from '@aipm/contracts';
import { createDataSourceOptions } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, ERASE_EXPIRED_LEADS_JOB_NAME, ERASE_EXPIRED_LEADS_PATTERN, ERASE_EXPIRED_LEADS_SCHEDULER_ID, PRIVACY_QUEUE } from '@aipm/queue';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { testRedisUrl } from '../../../../tools/testing/services';
import { loadWorkerEnv, WORKER_ENV } from '../config/worker-env';
import { LeadRetentionService } from './lead-retention.service';

// 2026-11-24 12:00 Beijing time: the retention job's "now" in every case below.
const NOW = new Date('2026-11-24T04:00:00Z');
const monthsAgo = (months: number, days = 0) => {
  const at = new Date(NOW);
  at.setUTCMonth(at.getUTCMonth() - months);
  at.setUTCDate(at.getUTCDate() - days);
  return at;
};

describe(LeadRetentionService.name, () => {
  // The privacy queue is this suite's alone in Redis database 13; the scheduler upsert is idempotent, so no flush.
  const redisUrl = testRedisUrl(13);
  let database: TestDatabase;
  let app: INestApplicationContext;
  let sql: DataSource;
  let service: LeadRetentionService;

  let sequence = 0;
  const phone = () => `+86137${String(10_000_000 + ++sequence).slice(-8)}`;
  const registration = async (fields: { phone?: string | null; email?: string | null; createdAt: Date; lastRepeatedAt?: Date; status?: string }) => {
    const number = fields.phone === undefined ? phone() : fields.phone;
    const [{ id }] = await sql.query(
      `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, status, "createdAt", "lastRepeatedAt")
       VALUES ('张三', $1, $1, $2, '中南大学', '软件工程', $3, $4, $5) RETURNING id`,
      [number, fields.email ?? null, fields.status ?? 'new', fields.createdAt, fields.lastRepeatedAt ?? null]
    );
    await sql.query(`INSERT INTO lead_notifications ("registrationId") VALUES ($1)`, [id]);
    return id as string;
  };
  const message = async (fields: { phone?: string | null; email?: string | null; createdAt: Date }) => {
    const number = fields.phone === undefined ? phone() : fields.phone;
    const [{ id }] = await sql.query(
      `INSERT INTO contact_messages (name, phone, "phoneNormalized", email, subject, "createdAt") VALUES ('李四', $1, $2, $3, 'course', $4) RETURNING id`,
      [number ?? '', number, fields.email ?? null, fields.createdAt]
    );
    return id as string;
  };
  const remaining = async () => ({
    registrations: (await sql.query(`SELECT id FROM registrations`)).map((row: { id: string }) => row.id).sort(),
    messages: (await sql.query(`SELECT id FROM contact_messages`)).map((row: { id: string }) => row.id).sort(),
  });

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    const env = loadWorkerEnv({ ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl, LOG_LEVEL: 'warn' });
    const moduleRef = await Test.createTestingModule({
      imports: [TypeOrmModule.forRoot(createDataSourceOptions(database.url))],
      providers: [{ provide: WORKER_ENV, useValue: env }, LeadRetentionService],
    }).compile();
    app = await moduleRef.init();
    sql = app.get(DataSource);
    service = app.get(LeadRetentionService);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  beforeEach(async () => {
    await sql.query(`TRUNCATE registrations, contact_messages, students, lead_notifications, admin_config CASCADE`);
  });

  it('keeps one daily scheduler in Beijing time on the privacy queue', async () => {
    const queue = new Queue(PRIVACY_QUEUE, bullOptions(redisUrl));
    try {
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toEqual([
        expect.objectContaining({ key: ERASE_EXPIRED_LEADS_SCHEDULER_ID, pattern: ERASE_EXPIRED_LEADS_PATTERN, tz: CRAWL_SCHEDULE_TIMEZONE, name: ERASE_EXPIRED_LEADS_JOB_NAME }),
      ]);
    } finally {
      await queue.close();
    }
  });

  it('erases exactly the leads of people last contacted more than 24 months ago who never became students', async () => {
    // Due: past 24 months, nobody keeps them.
    const old = await registration({ createdAt: monthsAgo(24, 1) });
    const oldMessage = await message({ createdAt: monthsAgo(30) });
    const noPhone = await message({ phone: null, email: 'gone@example.com', createdAt: monthsAgo(25) });
    // Kept: inside the period, by a day.
    const recent = await registration({ createdAt: monthsAgo(23, 28) });
    // Kept: old, but repeated (contacted again) within the period.
    const repeated = await registration({ createdAt: monthsAgo(30), lastRepeatedAt: monthsAgo(2) });
    // Kept: old registration of a person whose message (same phone) is recent.
    const samePhone = phone();
    const oldOfRecentPerson = await registration({ phone: samePhone, createdAt: monthsAgo(26) });
    const recentOfPerson = await message({ phone: samePhone, createdAt: monthsAgo(1) });
    // Kept: the same person found by email.
    const oldByEmail = await registration({ email: 'same@example.com', createdAt: monthsAgo(40) });
    const recentByEmail = await registration({ email: 'same@example.com', createdAt: monthsAgo(3) });
    // Kept: became a student (by phone, and by email in another case), or marked enrolled.
    const studentPhone = phone();
    const becameStudent = await registration({ phone: studentPhone, createdAt: monthsAgo(36) });
    await sql.query(`INSERT INTO students (name, phone, "phoneNormalized", "enrollmentDate") VALUES ('王五', $1, $1, '2024-01-01')`, [studentPhone]);
    const studentByEmail = await message({ email: 'student@example.com', createdAt: monthsAgo(36) });
    await sql.query(`INSERT INTO students (name, phone, "phoneNormalized", email, "enrollmentDate") VALUES ('赵六', '13900000001', '+8613900000001', 'Student@Example.com', '2024-01-01')`);
    const enrolled = await registration({ createdAt: monthsAgo(36), status: 'enrolled' });

    const result = await service.eraseExpired(NOW);

    expect(result).toEqual({ registrations: 1, messages: 2, retentionMonths: 24, cutoff: monthsAgo(24).toISOString() });
    expect(await remaining()).toEqual({
      registrations: [recent, repeated, oldOfRecentPerson, oldByEmail, recentByEmail, becameStudent, enrolled].sort(),
      messages: [recentOfPerson, studentByEmail].sort(),
    });
    for (const id of [oldMessage, noPhone]) expect((await remaining()).messages).not.toContain(id);
    // The erased registration's notification went with it (cascade).
    expect(await sql.query(`SELECT 1 FROM lead_notifications WHERE "registrationId" = $1`, [old])).toEqual([]);
    // Nothing more is due a second time.
    expect(await service.eraseExpired(NOW)).toMatchObject({ registrations: 0, messages: 0 });
  });

  it('follows the retention period of the site settings', async () => {
    const eighteenMonths = await registration({ createdAt: monthsAgo(18) });
    const sixMonths = await registration({ createdAt: monthsAgo(6, -1) });
    await sql.query(`INSERT INTO admin_config (key, value) VALUES ($1, '12')`, [SITE_SETTINGS_KEYS.leadRetentionMonths]);

    expect(await service.eraseExpired(NOW)).toMatchObject({ registrations: 1, messages: 0, retentionMonths: 12 });
    expect((await remaining()).registrations).toEqual([sixMonths]);
    expect((await remaining()).registrations).not.toContain(eighteenMonths);
  });
});
