import { waitFor } from '../../../tools/testing/process';
import { type LeadCallChain, startLeadCallChain } from './support/lead-call-chain';

jest.setTimeout(120_000);

const TIME_ZONE = 'Asia/Shanghai';
/** How long the quiet window lasts from the suite's start: the worker's start (a few seconds) must fit in it. */
const WINDOW_LEFT_MS = 25_000;

/** "HH:MM:SS" of `instant` in `timeZone`, as PHONE_QUIET_HOURS reads it. */
function localTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(instant);
}

/**
 * docs/product/phone.md#quiet-hours end to end with real processes: leads that arrive in quiet hours are announced in
 * one call when the window ends. No clock is faked: the API and the worker run with a quiet window (PHONE_QUIET_HOURS,
 * which takes seconds) that began a minute ago and ends 25 s after the suite starts.
 */
describe('leads of quiet hours ring the sales phone once, when the window ends', () => {
  let chain: LeadCallChain;
  let windowEnd: Date;

  beforeAll(async () => {
    const now = Date.now();
    // Whole seconds: the window's end is exactly the instant the worker will compute.
    windowEnd = new Date(Math.ceil((now + WINDOW_LEFT_MS) / 1000) * 1000);
    const quietHours = `${localTime(new Date(now - 60_000), TIME_ZONE)}-${localTime(windowEnd, TIME_ZONE)}`;
    chain = await startLeadCallChain({ env: { PHONE_QUIET_HOURS: quietHours, PHONE_TIME_ZONE: TIME_ZONE } });
  });

  afterAll(async () => {
    await chain?.close();
  });

  it('places no call during the window and one call naming all its leads at its end', async () => {
    expect((await chain.register('夜一', '13900001111')).status).toBe(201);
    expect((await chain.register('夜二', '13900002222')).status).toBe(201);
    expect((await chain.contact('夜三', '13900003333')).status).toBe(201);

    // The worker took the leads' jobs inside the window and put them off to its end (not merely started late).
    const deferred = await waitFor(async () => /leads wait until (\S+) \(quiet-hours\)/.exec(chain.workerOutput()) ?? undefined, WINDOW_LEFT_MS, 100).catch(() => {
      throw new Error(`the worker did not defer the leads inside the quiet window (it must start within ${WINDOW_LEFT_MS} ms):\n${chain.workerOutput().slice(-2000)}`);
    });
    expect(Math.abs(new Date(deferred[1]).getTime() - windowEnd.getTime())).toBeLessThan(5);
    expect(Date.now()).toBeLessThan(windowEnd.getTime());
    expect(chain.aliyun.calls).toEqual([]);

    const [call] = await waitFor(async () => (chain.aliyun.calls.length > 0 ? chain.aliyun.calls : undefined), WINDOW_LEFT_MS + 30_000, 100);
    expect(new Date(call.at).getTime()).toBeGreaterThanOrEqual(windowEnd.getTime());
    console.log(`quiet window ended → morning call at the stand-in: ${new Date(call.at).getTime() - windowEnd.getTime()} ms`);
    expect(call).toMatchObject({ calledNumber: chain.salesNumber, ttsParam: { count: '3', kind: '咨询', name: '夜三', tail: '3333' } });

    // Each lead's own job has run by now: nothing rings again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(chain.aliyun.calls).toHaveLength(1);
    expect(chain.twilio.calls).toEqual([]);
    expect(await chain.callLog()).toEqual([expect.objectContaining({ provider: 'aliyun', status: 'placed', trigger: 'batch', leadCount: 3 })]);
    const [{ pending }] = await chain.sql.query(`SELECT count(*)::int AS pending FROM lead_notifications WHERE "announcedAt" IS NULL`);
    expect(pending).toBe(0);
  });
});
