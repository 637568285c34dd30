import { phoneSettings } from '@aipm/phone';
import { ALIYUN_CODES, FAKE_TWILIO, startFakeTwilioApi } from '../../../../tools/testing/fake-phone-providers';
import { SALES, standInPhoneSettings, useCallerSuite } from '../../test/support/notify-suites';
import { CallDetailRecorder, CallNotEndedError } from './call-detail.recorder';
import { CallDetailsRepository } from './call-details.repository';
import { AnnouncementFailedError, voiceClients } from './call-route';
import { LeadAnnouncer } from './lead-announcer';
import { LeadNotificationRepository } from './lead-notification.repository';

// 2026-11-24 10:00 in Asia/Shanghai.
const MORNING = new Date('2026-11-24T02:00:00Z');

describe(LeadAnnouncer.name, () => {
  const suite = useCallerSuite();
  let now: Date;

  const settings = (overrides: Record<string, string> = {}) => standInPhoneSettings(suite, overrides);
  const announcer = (overrides: Record<string, string> = {}) => {
    const chosen = settings(overrides);
    return new LeadAnnouncer(new LeadNotificationRepository(suite.sql), chosen, voiceClients(chosen, 2_000), () => now);
  };

  let phoneSeq = 0;
  const newRegistration = async (name = '张三', goals = 'AI产品经理转岗'): Promise<string> => {
    phoneSeq++;
    const [{ id }] = await suite.sql.query(
      `INSERT INTO registrations (name, phone, "phoneNormalized", school, major, goals) VALUES ($1, $2, $2, '湖南大学', '软件工程', $3) RETURNING id`,
      [name, `1390000${String(phoneSeq).padStart(4, '0')}`, goals],
    );
    await suite.sql.query(`INSERT INTO lead_notifications ("registrationId") VALUES ($1)`, [id]);
    return id;
  };
  const newMessage = async (): Promise<void> => {
    const [{ id }] = await suite.sql.query(`INSERT INTO contact_messages (name, phone, subject) VALUES ('王五', '13700004321', 'pricing') RETURNING id`);
    await suite.sql.query(`INSERT INTO lead_notifications ("contactMessageId") VALUES ($1)`, [id]);
  };
  const log = () => suite.sql.query(`SELECT provider, status, trigger, "calledNumber", "leadCount", "errorCode", "costEstimateFen" FROM notification_calls ORDER BY "createdAt", "finishedAt"`);
  const pending = async () => Number((await suite.sql.query(`SELECT count(*)::int AS n FROM lead_notifications WHERE "announcedAt" IS NULL`))[0].n);

  beforeEach(async () => {
    now = MORNING;
    suite.aliyun.reset();
    suite.twilio.reset();
    await suite.sql.query(`TRUNCATE lead_notifications, notification_calls, registrations, contact_messages CASCADE`);
  });

  it('rings the sales phone once for a new lead, reading its kind, name, phone tail and interest', async () => {
    await newRegistration('李雷', 'AI产品经理转岗');
    await expect(announcer().dispatch()).resolves.toMatchObject({ announced: 1, provider: 'aliyun' });
    expect(suite.aliyun.calls).toHaveLength(1);
    expect(suite.aliyun.calls[0]).toMatchObject({ calledNumber: SALES, ttsParam: { count: '1', kind: '报名', name: '李雷', tail: '0001', course: 'AI产品经理转岗' } });
    expect(await log()).toEqual([{ provider: 'aliyun', status: 'placed', trigger: 'lead', calledNumber: SALES, leadCount: 1, errorCode: null, costEstimateFen: 13 }]);
    expect(await pending()).toBe(0);
    // Another job of the same lead finds nothing to announce.
    await expect(announcer().dispatch()).resolves.toEqual({ announced: 0, reason: 'nothing-pending' });
    expect(suite.aliyun.calls).toHaveLength(1);
  });

  it('calls the backup number through Twilio when the primary fails, and logs both attempts', async () => {
    await newMessage();
    suite.aliyun.failNext('SingleCallByTts', ALIYUN_CODES.systemError, { status: 503 });
    await expect(announcer().dispatch()).resolves.toMatchObject({ announced: 1, provider: 'twilio' });
    expect(suite.twilio.calls).toHaveLength(1);
    expect(suite.twilio.calls[0]).toMatchObject({ to: FAKE_TWILIO.backupTo, from: FAKE_TWILIO.fromNumber });
    expect(suite.twilio.calls[0].twiml).toContain('费用咨询');
    expect(await log()).toEqual([
      expect.objectContaining({ provider: 'aliyun', status: 'failed', errorCode: ALIYUN_CODES.systemError, costEstimateFen: 0 }),
      expect.objectContaining({ provider: 'twilio', status: 'placed', calledNumber: FAKE_TWILIO.backupTo }),
    ]);
  });

  it('falls back on a refusal (no-call period) and on a timeout', async () => {
    await newRegistration();
    suite.aliyun.failNext('SingleCallByTts', ALIYUN_CODES.outOfHours);
    await expect(announcer().dispatch()).resolves.toMatchObject({ provider: 'twilio' });
    await newRegistration();
    now = new Date(MORNING.getTime() + 120_000);
    suite.aliyun.delayNext('SingleCallByTts', 3_000);
    await expect(announcer().dispatch()).resolves.toMatchObject({ provider: 'twilio' });
    expect((await log()).map((row: { status: string; errorCode: string }) => [row.status, row.errorCode])).toEqual([
      ['refused', ALIYUN_CODES.outOfHours],
      ['placed', null],
      ['failed', 'TIMEOUT'],
      ['placed', null],
    ]);
    // The stand-in still answers the late request (and, like the service may, places that call): let it end here.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  });

  it('keeps the lead pending and throws for a retry when both providers fail', async () => {
    await newRegistration();
    suite.aliyun.failNext('SingleCallByTts', ALIYUN_CODES.invalidTemplate);
    suite.twilio.failNext('calls', 500, 20500);
    await expect(announcer().dispatch()).rejects.toThrow(AnnouncementFailedError);
    expect(await pending()).toBe(1);
    await expect(announcer().dispatch()).resolves.toMatchObject({ announced: 1, provider: 'aliyun' });
  });

  it('waits a minute and does not ring the backup when the provider throttles the number', async () => {
    await newRegistration();
    suite.aliyun.failNext('SingleCallByTts', ALIYUN_CODES.throttled);
    await expect(announcer().dispatch()).resolves.toEqual({ announced: 0, deferredUntil: new Date(MORNING.getTime() + 60_000), reason: 'throttled' });
    expect(suite.twilio.calls).toHaveLength(0);
    now = new Date(MORNING.getTime() + 60_000);
    await expect(announcer().dispatch()).resolves.toMatchObject({ announced: 1, provider: 'aliyun' });
  });

  it('announces the leads of the night in one morning call', async () => {
    now = new Date('2026-11-24T14:30:00Z'); // 22:30 in Shanghai
    const quiet = announcer({ PHONE_QUIET_HOURS: '21:00-09:00' });
    await newRegistration('夜一');
    await expect(quiet.dispatch()).resolves.toEqual({ announced: 0, deferredUntil: new Date('2026-11-25T01:00:00Z'), reason: 'quiet-hours' });
    now = new Date('2026-11-24T18:00:00Z'); // 02:00
    await newRegistration('夜二');
    await newMessage();
    await expect(quiet.dispatch()).resolves.toMatchObject({ deferredUntil: new Date('2026-11-25T01:00:00Z') });
    expect(suite.aliyun.calls).toHaveLength(0);
    now = new Date('2026-11-25T01:00:00Z');
    await expect(quiet.dispatch()).resolves.toMatchObject({ announced: 3 });
    expect(suite.aliyun.calls).toHaveLength(1);
    expect(suite.aliyun.calls[0].ttsParam).toMatchObject({ count: '3', kind: '咨询' });
    expect(await log()).toEqual([expect.objectContaining({ trigger: 'batch', leadCount: 3 })]);
  });

  it('keeps to 1 call a minute and 5 an hour per number by batching, never dropping a lead', async () => {
    for (let minute = 0; minute < 60; minute += 1) {
      now = new Date(MORNING.getTime() + minute * 60_000 + 1_000);
      await newRegistration();
      await announcer().dispatch();
    }
    expect(suite.aliyun.calls).toHaveLength(5);
    expect(await pending()).toBe(55);
    // The first call of the next hour announces everything that waited.
    now = new Date(MORNING.getTime() + 3_600_000 + 2_000);
    await expect(announcer().dispatch()).resolves.toMatchObject({ announced: 55 });
    expect(await pending()).toBe(0);
  });

  it('places one call when two workers dispatch at once', async () => {
    await newRegistration();
    await newRegistration();
    const results = await Promise.all([announcer().dispatch(), announcer().dispatch()]);
    expect(results.map((result) => result.announced).sort()).toEqual([0, 2]);
    expect(suite.aliyun.calls).toHaveLength(1);
  });

  it('puts back the leads of a call a stopped worker left dialing', async () => {
    await newRegistration();
    const [{ id }] = await suite.sql.query(`INSERT INTO notification_calls (provider, trigger, "calledNumber", "leadCount") VALUES ('aliyun', 'lead', $1, 1) RETURNING id`, [SALES]);
    await suite.sql.query(`UPDATE lead_notifications SET "callId" = $1`, [id]);
    await expect(announcer().dispatch()).resolves.toMatchObject({ announced: 1 });
    expect(await suite.sql.query(`SELECT status, "errorCode" FROM notification_calls WHERE id = $1`, [id])).toEqual([{ status: 'failed', errorCode: 'INTERRUPTED' }]);
    expect(suite.aliyun.calls).toHaveLength(1);
  });

  it('links every attempt to the leads it covered, the failed one too', async () => {
    const id = await newRegistration('韩梅梅');
    suite.aliyun.failNext('SingleCallByTts', ALIYUN_CODES.systemError, { status: 503 });
    await expect(announcer().dispatch()).resolves.toMatchObject({ provider: 'twilio' });
    const links = await suite.sql.query(
      `SELECT c.provider, c.status, n."registrationId" FROM notification_call_leads l JOIN notification_calls c ON c.id = l."callId"
       JOIN lead_notifications n ON n.id = l."leadNotificationId" ORDER BY c."createdAt", c."finishedAt"`,
    );
    expect(links).toEqual([
      { provider: 'aliyun', status: 'failed', registrationId: id },
      { provider: 'twilio', status: 'placed', registrationId: id },
    ]);
  });

  it('records the provider’s measured duration once the call ended, and asks again while it goes on', async () => {
    const ongoing = await startFakeTwilioApi({ callSeconds: 75, callEndsAfterMs: 1_500 });
    try {
      const chosen = settings({ TWILIO_API_BASE: ongoing.url });
      const clients = voiceClients(chosen, 2_000);
      await newRegistration();
      suite.aliyun.failNext('SingleCallByTts', ALIYUN_CODES.invalidTemplate);
      const placed = await new LeadAnnouncer(new LeadNotificationRepository(suite.sql), chosen, clients, () => now).dispatch();
      if (!('callId' in placed)) throw new Error('no call placed');
      const recorder = new CallDetailRecorder(new CallDetailsRepository(suite.sql), clients);
      // Twilio still says in-progress: the job throws so BullMQ retries it.
      await expect(recorder.record(placed.callId)).rejects.toThrow(CallNotEndedError);
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      await expect(recorder.record(placed.callId)).resolves.toEqual({
        recorded: { state: 'completed', answered: true, durationSeconds: 75, price: '-0.02600', priceUnit: 'USD' },
      });
      // 75 s: two started minutes.
      expect(await suite.sql.query(`SELECT "durationSeconds", "costEstimateFen" FROM notification_calls WHERE id = $1`, [placed.callId])).toEqual([{ durationSeconds: 75, costEstimateFen: 26 }]);
      await expect(recorder.record(placed.callId)).resolves.toEqual({ skipped: 'already-recorded' });
      // A failed attempt has nothing to record.
      const [failed] = await suite.sql.query(`SELECT id FROM notification_calls WHERE status = 'refused'`);
      await expect(recorder.record(failed.id)).resolves.toEqual({ skipped: 'not-placed' });
    } finally {
      await ongoing.close();
    }
  });

  it('attempts no call without any provider configured', async () => {
    await newRegistration();
    const bare = new LeadAnnouncer(new LeadNotificationRepository(suite.sql), phoneSettings({ ALIYUN_VOICE_ENDPOINT: suite.aliyun.url, TWILIO_API_BASE: suite.twilio.url, PHONE_QUIET_HOURS: 'off', PHONE_TIME_ZONE: 'Asia/Shanghai' }), { primary: null, backup: null }, () => now);
    await expect(bare.dispatch()).resolves.toEqual({ announced: 0, reason: 'not-configured' });
    expect(await pending()).toBe(1);
  });
});
