import 'reflect-metadata';
import { CRAWL_SCHEDULE_TIMEZONE, DAILY_SUMMARY_SETTINGS_KEYS } from '@aipm/contracts';
import { CALL_DETAIL_JOB_NAME, DAILY_SUMMARY_SCHEDULER_ID, DAILY_SUMMARY_TICK_JOB_NAME, DAILY_SUMMARY_TICK_PATTERN } from '@aipm/queue';
import { FAKE_ALIYUN, FAKE_TWILIO } from '../../../../tools/testing/fake-phone-providers';
import { SALES, saveConfig, standInPhoneSettings, useCallerSuite, useNotifyWorkerSuite } from '../../test/support/notify-suites';
import { voiceClients } from './call-route';
import { DailySummaryCaller, shanghaiDay } from './daily-summary.caller';
import { DailySummaryRepository } from './daily-summary.repository';
import { LeadNotificationRepository } from './lead-notification.repository';
import { NotifyWorkerService } from './notify-worker.service';

// 2026-11-24 09:00 in Asia/Shanghai: the default time of the summary.
const NINE = new Date('2026-11-24T01:00:00Z');
const minutes = (count: number) => new Date(NINE.getTime() + count * 60_000);

describe(DailySummaryCaller.name, () => {
  const suite = useCallerSuite();
  let now: Date;

  const caller = (overrides: Record<string, string> = {}) => {
    const settings = standInPhoneSettings(suite, { PHONE_QUIET_HOURS: '21:00-09:00', ...overrides });
    return new DailySummaryCaller(new DailySummaryRepository(suite.sql), new LeadNotificationRepository(suite.sql), settings, voiceClients(settings, 2_000), () => now);
  };
  const setting = (values: Partial<Record<keyof typeof DAILY_SUMMARY_SETTINGS_KEYS, string>>) => saveConfig(suite.sql, DAILY_SUMMARY_SETTINGS_KEYS, values);
  const turnOn = (time = '09:00') => setting({ enabled: 'true', time, ttsCode: FAKE_ALIYUN.summaryTtsCode });

  let phoneSeq = 0;
  const registration = async (fields: { status?: string; firstContactedAt?: Date } = {}): Promise<string> => {
    phoneSeq++;
    const phone = `1390000${String(phoneSeq).padStart(4, '0')}`;
    const [{ id }] = await suite.sql.query(
      `INSERT INTO registrations (name, phone, "phoneNormalized", school, major, goals, status, "firstContactedAt", "createdAt") VALUES ('张三', $1, $1, '湖南大学', '软件工程', '转岗', $2, $3, $4) RETURNING id`,
      [phone, fields.status ?? 'new', fields.firstContactedAt ?? null, minutes(-4000)],
    );
    return id;
  };
  const message = async (): Promise<string> => {
    const [{ id }] = await suite.sql.query(`INSERT INTO contact_messages (name, phone, subject) VALUES ('王五', '13700004321', 'pricing') RETURNING id`);
    return id;
  };
  const followUp = (registrationId: string, dueAt: Date, done = false) =>
    suite.sql.query(`INSERT INTO follow_ups ("registrationId", "dueAt", kind, note, result, "doneAt") VALUES ($1, $2, 'phone', '回访', $3, $4)`, [
      registrationId,
      dueAt,
      done ? '已联系' : null,
      done ? dueAt : null,
    ]);
  const log = () => suite.sql.query(`SELECT provider, status, trigger, "calledNumber", "leadCount" FROM notification_calls ORDER BY "createdAt"`);

  beforeEach(async () => {
    now = NINE;
    suite.aliyun.reset();
    suite.twilio.reset();
    await suite.sql.query(`TRUNCATE follow_ups, lead_notifications, notification_calls, registrations, contact_messages, admin_config CASCADE`);
  });

  it('at the set time, calls once with the follow-ups due or overdue today and the leads waiting for a first contact', async () => {
    await turnOn('09:00');
    const overdue = await registration({ status: 'contacted', firstContactedAt: minutes(-3000) });
    await followUp(overdue, minutes(-2000)); // yesterday: overdue
    const later = await registration({ status: 'contacted', firstContactedAt: minutes(-3000) });
    await followUp(later, minutes(600)); // 19:00 today
    const tomorrow = await registration({ status: 'contacted', firstContactedAt: minutes(-3000) });
    await followUp(tomorrow, minutes(24 * 60)); // not today
    const done = await registration({ status: 'contacted', firstContactedAt: minutes(-3000) });
    await followUp(done, minutes(-60), true); // done: not counted
    await registration(); // waiting
    await message(); // waiting
    const planned = await registration(); // new, but its open follow-up (today) counts it once, as due
    await followUp(planned, minutes(30));
    await registration({ status: 'contacted', firstContactedAt: minutes(-10) }); // contacted: not waiting

    now = minutes(-1); // 08:59: not yet
    await expect(caller().tick()).resolves.toEqual({ called: false, reason: 'not-the-time' });
    now = NINE;
    await expect(caller().tick()).resolves.toMatchObject({ called: true, provider: 'aliyun', counts: { due: 3, waiting: 2 } });
    expect(suite.aliyun.calls).toHaveLength(1);
    expect(suite.aliyun.calls[0]).toMatchObject({ calledNumber: SALES, ttsCode: FAKE_ALIYUN.summaryTtsCode, ttsParam: { due: '3', waiting: '2' } });
    expect(await log()).toEqual([{ provider: 'aliyun', status: 'placed', trigger: 'summary', calledNumber: SALES, leadCount: 0 }]);

    // One a day: a second job the same day (another worker, a retry) places nothing.
    now = minutes(0.5);
    await expect(caller().call()).resolves.toEqual({ called: false, reason: 'already-called' });
    expect(suite.aliyun.calls).toHaveLength(1);
  });

  it('calls at the time set in the back office, not at the default', async () => {
    await turnOn('14:30');
    await registration();
    now = NINE;
    await expect(caller().tick()).resolves.toEqual({ called: false, reason: 'not-the-time' });
    now = minutes(5.5 * 60 + 0.25); // 14:30:15
    await expect(caller().tick()).resolves.toMatchObject({ called: true, counts: { due: 0, waiting: 1 } });
    expect(suite.aliyun.calls[0].ttsParam).toEqual({ due: '0', waiting: '1' });
  });

  it('calls nobody while the setting is off (the default), even at its time', async () => {
    await registration();
    await expect(caller().tick()).resolves.toEqual({ called: false, reason: 'off' });
    await setting({ enabled: 'false', time: '09:00', ttsCode: FAKE_ALIYUN.summaryTtsCode });
    await expect(caller().tick()).resolves.toEqual({ called: false, reason: 'off' });
    await expect(caller().call()).resolves.toEqual({ called: false, reason: 'off' });
    expect(suite.aliyun.calls).toHaveLength(0);
    expect(await log()).toEqual([]);
  });

  it('calls nobody when nothing is due and no lead waits', async () => {
    await turnOn();
    const contacted = await registration({ status: 'contacted', firstContactedAt: minutes(-10) });
    await followUp(contacted, minutes(24 * 60 + 60)); // tomorrow
    await expect(caller().tick()).resolves.toEqual({ called: false, reason: 'nothing-due', counts: { due: 0, waiting: 0 } });
    expect(suite.aliyun.calls).toHaveLength(0);
    expect(suite.twilio.calls).toHaveLength(0);
    expect(await log()).toEqual([]);
  });

  it('waits for the end of quiet hours and for the per-number limit, as the new-lead call does', async () => {
    await turnOn('08:00');
    await registration();
    now = minutes(-60); // 08:00, inside 21:00-09:00
    await expect(caller().tick()).resolves.toEqual({ called: false, reason: 'quiet-hours', deferredUntil: NINE });
    // A new-lead call placed a few seconds ago: the limit of 1 a minute holds the summary back.
    now = minutes(0.1);
    await suite.sql.query(`INSERT INTO notification_calls (provider, trigger, status, "calledNumber", "leadCount", "createdAt") VALUES ('aliyun', 'lead', 'placed', $1, 1, $2)`, [SALES, NINE]);
    await expect(caller().call()).resolves.toEqual({ called: false, reason: 'limit', deferredUntil: minutes(1) });
    now = minutes(1);
    await expect(caller().call()).resolves.toMatchObject({ called: true, provider: 'aliyun' });
    expect(suite.aliyun.calls).toHaveLength(1);
  });

  it('rings the backup with the same sentence when the primary fails', async () => {
    await turnOn();
    await registration();
    suite.aliyun.failNext('SingleCallByTts', 'isp.SYSTEM_ERROR', { status: 503 });
    await expect(caller().tick()).resolves.toMatchObject({ called: true, provider: 'twilio' });
    expect(suite.twilio.calls).toHaveLength(1);
    expect(suite.twilio.calls[0]).toMatchObject({ to: FAKE_TWILIO.backupTo });
    expect(suite.twilio.calls[0].twiml).toContain('今天有0条跟进到期或逾期，1条新线索等待首次联系');
    expect((await log()).map((row: { status: string; trigger: string }) => [row.status, row.trigger])).toEqual([
      ['failed', 'summary'],
      ['placed', 'summary'],
    ]);
  });

  it('reads the day and the clock in Asia/Shanghai', () => {
    expect(shanghaiDay(new Date('2026-11-23T16:00:00Z'))).toEqual({ start: new Date('2026-11-23T16:00:00Z'), end: new Date('2026-11-24T16:00:00Z'), clock: '00:00' });
    expect(shanghaiDay(new Date('2026-11-24T15:59:59Z')).clock).toBe('23:59');
  });
});

describe(`${NotifyWorkerService.name}: the daily summary on the notify queue`, () => {
  const suite = useNotifyWorkerSuite(14);

  it('keeps one minute check in Beijing time on the notify queue, and its job places the call and queues its detail', async () => {
    const scheduler = await (async () => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const [found] = await suite.queue.getJobSchedulers();
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return undefined;
    })();
    expect(scheduler).toMatchObject({ key: DAILY_SUMMARY_SCHEDULER_ID, pattern: DAILY_SUMMARY_TICK_PATTERN, tz: CRAWL_SCHEDULE_TIMEZONE, name: DAILY_SUMMARY_TICK_JOB_NAME });

    // Off (nothing saved): the job calls nobody.
    await suite.sql.query(`INSERT INTO registrations (name, phone, "phoneNormalized", school, major) VALUES ('张三', '13900000001', '13900000001', '湖南大学', '软件工程')`);
    await expect(suite.service.summaryCall()).resolves.toEqual({ called: false, reason: 'off' });
    expect(suite.aliyun.calls).toHaveLength(0);

    await saveConfig(suite.sql, DAILY_SUMMARY_SETTINGS_KEYS, { enabled: 'true', ttsCode: FAKE_ALIYUN.summaryTtsCode });
    await expect(suite.service.summaryCall()).resolves.toMatchObject({ called: true, provider: 'aliyun', counts: { due: 0, waiting: 1 } });
    expect(suite.aliyun.calls.map((call) => [call.calledNumber, call.ttsCode, call.ttsParam])).toEqual([[SALES, FAKE_ALIYUN.summaryTtsCode, { due: '0', waiting: '1' }]]);
    const [call] = await suite.sql.query(`SELECT id, trigger, status FROM notification_calls`);
    expect(call).toMatchObject({ trigger: 'summary', status: 'placed' });
    const jobs = await suite.queue.getJobs(['delayed', 'waiting', 'active', 'completed']);
    expect(jobs.filter((job) => job.name === CALL_DETAIL_JOB_NAME).map((job) => job.data)).toEqual([{ callId: call.id }]);
  });
});
