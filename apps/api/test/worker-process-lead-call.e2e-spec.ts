import { NOTIFY_JOB_NAME } from '@aipm/queue';
import { ALIYUN_CODES, FAKE_TWILIO } from '../../../tools/testing/fake-phone-providers';
import { waitFor } from '../../../tools/testing/process';
import { type LeadCallChain, startLeadCallChain } from './support/lead-call-chain';

jest.setTimeout(120_000);

/**
 * New-lead phone calls (docs/product/phone.md#what-rings-the-phone) end to end with real processes: a registration
 * through the API is stored with its outbox row, relayed to the notify queue, taken by a real worker process
 * (apps/worker/dist) that rings the Alibaba Cloud stand-in, through the real client. Also: a repeat registration rings
 * nothing; a lead inside the per-number limit waits for the worker's delayed dispatch job; the primary down rings the
 * backup; the provider's throttle is retried later; a lead stored while Redis is down rings once Redis is back. Redis
 * is this suite's own (it is stopped); the worker and the API share it as in production. Quiet hours:
 * worker-process-quiet-hours.
 */
describe('a new lead rings the sales phone through a worker process', () => {
  let chain: LeadCallChain;

  beforeAll(async () => {
    chain = await startLeadCallChain();
  });

  afterAll(async () => {
    await chain?.close();
  });

  it('places exactly one call for a registration, none for its repeat', async () => {
    const startedAt = Date.now();
    expect((await chain.register('赵一', '13900005555')).status).toBe(201);
    const [call] = await waitFor(async () => (chain.aliyunCallsFor('赵一').length > 0 ? chain.aliyunCallsFor('赵一') : undefined), 60_000, 100);
    expect(call).toMatchObject({ calledNumber: chain.salesNumber, ttsParam: { count: '1', kind: '报名', name: '赵一', tail: '5555', course: 'AI产品经理' } });
    console.log(`registration → call at the stand-in: ${Date.now() - startedAt} ms (worker start included)`);
    await waitFor(async () => ((await chain.callLog()).some((row) => row.status === 'placed') ? true : undefined), 10_000, 100);

    expect((await chain.register('赵一', '139 0000 5555')).status).toBe(201);
    // Time for a wrongly queued call to arrive: relay pass + worker dispatch take well under this.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(chain.aliyun.calls).toHaveLength(1);
    expect(chain.twilio.calls).toEqual([]);
    expect(await chain.callLog()).toEqual([expect.objectContaining({ status: 'placed', provider: 'aliyun', leadCount: 1, calledNumber: chain.salesNumber })]);
    expect(Number((await chain.sql.query(`SELECT count(*) AS n FROM lead_notifications`))[0].n)).toBe(1);
  });

  it('replaces the estimate with the duration the provider measured once the call ended', async () => {
    const admin = await chain.admin();
    // The worker asks QueryCallDetailByCallId 5 s after placing the call; the stand-in answers 23 s, answered.
    const [row] = await waitFor(async () => {
      const rows = (await admin.get('/api/admin/notification-calls').expect(200)).body.data;
      return rows[0]?.durationMeasured ? rows : undefined;
    }, 30_000, 250);
    expect(row).toMatchObject({ provider: 'aliyun', status: 'placed', leadName: '赵一', durationSeconds: 23, durationMeasured: true, costEstimateFen: 13 });
    const [detail] = await chain.sql.query(`SELECT state, answered, "durationSeconds", price FROM notification_call_details`);
    expect(detail).toEqual({ state: '200000', answered: true, durationSeconds: 23, price: null });
    expect(chain.aliyun.requests.filter((request) => request.action === 'QueryCallDetailByCallId').at(-1)?.parameters).toMatchObject({
      CallId: chain.aliyun.calls[0].callId,
      ProdId: '11000000300006',
    });
  });

  it('holds a lead inside the per-number limit and calls when the worker’s delayed dispatch job runs', async () => {
    // The last call was "55 s ago": the next is allowed in about 5 s (1 a minute). The stand-in forgets its count.
    await chain.sql.query(`UPDATE notification_calls SET "createdAt" = now() - interval '55 seconds'`);
    chain.aliyun.reset();
    expect((await chain.register('钱二', '13900006666')).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(chain.aliyunCallsFor('钱二')).toEqual([]);
    const [call] = await waitFor(async () => (chain.aliyunCallsFor('钱二').length > 0 ? chain.aliyunCallsFor('钱二') : undefined), 30_000, 100);
    expect(call.ttsParam).toMatchObject({ count: '1', name: '钱二' });
    expect(chain.workerOutput()).toMatch(/leads wait until .* \(limit\)/);
    expect(chain.aliyun.calls).toHaveLength(1);
  });

  it('rings the backup number through Twilio when the primary is down, and logs both attempts', async () => {
    await chain.forgetLimits();
    const before = (await chain.callLog()).length;
    // The stand-in cuts the connection unanswered: for the client the service is down.
    chain.aliyun.dropNext('SingleCallByTts');
    expect((await chain.register('周五', '13900008888')).status).toBe(201);
    const [call] = await waitFor(async () => (chain.twilioCallsFor('周五').length > 0 ? chain.twilioCallsFor('周五') : undefined), 30_000, 100);
    expect(call).toMatchObject({ to: FAKE_TWILIO.backupTo, from: FAKE_TWILIO.fromNumber });
    expect(call.twiml).toContain('尾号8888');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(chain.aliyun.calls).toEqual([]);
    expect(chain.twilio.calls).toHaveLength(1);
    expect((await chain.callLog()).slice(before)).toEqual([
      expect.objectContaining({ provider: 'aliyun', status: 'failed', errorCode: 'ECONNRESET', calledNumber: chain.salesNumber }),
      expect.objectContaining({ provider: 'twilio', status: 'placed', leadCount: 1, calledNumber: FAKE_TWILIO.backupTo }),
    ]);

    // The log names the lead on both attempts, the failed one too; Twilio's measured duration and price follow.
    const admin = await chain.admin();
    const rows = await waitFor(async () => {
      const data = (await admin.get('/api/admin/notification-calls').query({ range: '[0,1]' }).expect(200)).body.data;
      return data[0]?.durationMeasured ? data : undefined;
    }, 30_000, 250);
    expect(rows).toEqual([
      expect.objectContaining({ provider: 'twilio', status: 'placed', leadKind: 'registration', leadName: '周五', durationSeconds: 31, durationMeasured: true, costEstimateFen: 13 }),
      expect.objectContaining({ provider: 'aliyun', status: 'failed', leadKind: 'registration', leadName: '周五', durationMeasured: false, costEstimateFen: 0 }),
    ]);
    const [detail] = await chain.sql.query(`SELECT d.state, d.price, d."priceUnit" FROM notification_call_details d JOIN notification_calls c ON c.id = d."callId" WHERE c.provider = 'twilio'`);
    expect(detail).toEqual({ state: 'completed', price: '-0.01300', priceUnit: 'USD' });
  });

  it('retries a call the provider throttled a minute later, without ringing the backup', async () => {
    await chain.forgetLimits();
    const before = (await chain.callLog()).length;
    chain.aliyun.failNext('SingleCallByTts', ALIYUN_CODES.throttled);
    expect((await chain.register('吴六', '13900009999')).status).toBe(201);
    const throttled = await waitFor(async () => (await chain.callLog()).slice(before).find((row) => row.status === 'throttled'), 30_000, 100);
    expect(throttled).toMatchObject({ provider: 'aliyun', errorCode: ALIYUN_CODES.throttled });
    // The worker left one delayed dispatch a minute after the refusal: the retry (not the daily summary's minute check).
    const retry = await waitFor(async () => {
      const delayed = await chain.queue.getDelayed();
      return delayed.find((job) => job.name === NOTIFY_JOB_NAME && job.timestamp + (job.delay ?? 0) > throttled.createdAt.getTime() + 55_000);
    }, 10_000, 100);
    expect(retry.timestamp + retry.delay - throttled.createdAt.getTime()).toBeGreaterThanOrEqual(59_000);
    expect(retry.timestamp + retry.delay - throttled.createdAt.getTime()).toBeLessThanOrEqual(62_000);
    expect(chain.aliyunCallsFor('吴六')).toEqual([]);
    expect(chain.twilio.calls).toEqual([]);

    // The minute passes (the test runs the delayed job now rather than wait): the call is placed.
    await retry.promote();
    const [call] = await waitFor(async () => (chain.aliyunCallsFor('吴六').length > 0 ? chain.aliyunCallsFor('吴六') : undefined), 30_000, 100);
    expect(call.ttsParam).toMatchObject({ count: '1', name: '吴六', tail: '9999' });
    expect(chain.twilio.calls).toEqual([]);
    // The fake has the call before the worker records its answer: wait for the row to leave 'dialing'.
    const log = await waitFor(async () => {
      const rows = (await chain.callLog()).slice(before);
      return rows.some((row) => row.status === 'dialing') ? undefined : rows;
    }, 30_000, 100);
    expect(log.map((row) => [row.provider, row.status])).toEqual([
      ['aliyun', 'throttled'],
      ['aliyun', 'placed'],
    ]);
  });

  it('keeps a lead stored while Redis is down and places its call once Redis returns', async () => {
    await chain.forgetLimits();
    await chain.redis.restart(async () => {
      const response = await chain.register('孙三', '13900007777');
      expect(response.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(chain.aliyunCallsFor('孙三')).toEqual([]);
    });
    const [call] = await waitFor(async () => (chain.aliyunCallsFor('孙三').length > 0 ? chain.aliyunCallsFor('孙三') : undefined), 60_000, 200);
    expect(call).toMatchObject({ calledNumber: chain.salesNumber, ttsParam: { count: '1', name: '孙三', tail: '7777' } });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(chain.aliyun.calls).toHaveLength(1);
    const [row] = await chain.sql.query(`SELECT "announcedAt" FROM lead_notifications n JOIN registrations r ON r.id = n."registrationId" WHERE r.name = '孙三'`);
    expect(row.announcedAt).toBeInstanceOf(Date);
  });
});
