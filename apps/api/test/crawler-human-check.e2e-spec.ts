import { type CrawlLiveEvent, type CrawlRunStatistics, type LiveViewEvent, type LiveViewInput, PHONE_PATHS, taskSearchUrls } from '@aipm/contracts';
import { createDataSourceOptions, CrawlResult, CrawlTask } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { bullOptions, crawlerCheckJobId, NOTIFY_QUEUE } from '@aipm/queue';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { FAKE_ALIYUN, type FakeAliyunVoice, type FakeTwilioApi, fakePhoneEnv, startFakeAliyunVoice, startFakeTwilioApi } from '../../../tools/testing/fake-phone-providers';
import { spawnProcess, waitFor, type SpawnedProcess } from '../../../tools/testing/process';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { openEventStream, type EventStream } from './support/event-stream';
import { testApiEnv } from './support/test-env';

jest.setTimeout(240_000);

const WORKER_MAIN = path.resolve(__dirname, '../../worker/dist/main.js');
const KEY = 'human-check-test-key-0123456789abcdef-01';

type Point = { x: number; y: number };
interface FixtureSites {
  env: string;
  origins: Record<string, string>;
  hostOrigins: Record<'wow.liepin.com', string>;
  served: Record<string, { search: number[]; data: number[] }>;
  sliderPasses: Record<string, number>;
  setMode(site: string, mode: 'normal' | 'captcha' | 'signed-in-only', options?: { fromPage?: number }): void;
  close(): Promise<void>;
}

async function fixtureModule(): Promise<{ startFixtureSites(options: object): Promise<FixtureSites>; SLIDER_TARGETS: { start: Point; end: Point } }> {
  return (await import(path.resolve(__dirname, '../../../tools/fixture-sites/fixture-sites.mjs'))) as never;
}

/**
 * The pause for a human check end to end (ADR 078): the API, a real worker with its Chromium, Redis, Postgres and the
 * fixture sites. One site meets a slider check on page 3: only its part of the run waits (等待验证) while the other
 * sites finish; the operator drags the slider in the live view of that very tab, closes the view, and the site's
 * part resumes at page 3, every page read once and no result twice. Unsolved in time, the site is skipped. With the
 * crawler check call on, the worker's notify side rings the administrator once through the provider stand-in.
 */
describe('a crawl paused for a human check', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let fixtures: FixtureSites;
  let slider: { start: Point; end: Point };
  let worker: SpawnedProcess;
  let app: INestApplication;
  let port: number;
  let cookie: string;
  let aliyun: FakeAliyunVoice;
  let twilio: FakeTwilioApi;
  let notify: Queue;
  const redisUrl = testRedisUrl(9);
  const streams: Array<EventStream<unknown>> = [];

  const api = () => request(app.getHttpServer());
  const send = (viewId: string, input: LiveViewInput) => api().post(`/api/admin/crawler/live-view/${viewId}/input`).set('cookie', cookie).send(input).expect(204);
  const statsOf = async (taskId: string) => (await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: taskId })).lastRunStats as CrawlRunStatistics;
  /** Each test its own keyword: the fixture's jobs derive from it, so one test's results are never another's duplicates. */
  const startTask = async (name: string, keyword: string, sites: Array<'zhipin' | 'job51' | 'zhaopin' | 'liepin'>) => {
    const targetUrls = taskSearchUrls({ keywords: [keyword], sites, cities: ['长沙'] }).map(({ url }) => url);
    const created = await api().post('/api/admin/crawl-tasks').set('cookie', cookie).send({ name, keywords: [keyword], targetUrls }).expect(201);
    const taskId = created.body.data.id as string;
    await api().post(`/api/admin/crawl-tasks/${taskId}/run`).set('cookie', cookie).expect(202);
    return taskId;
  };
  const checkCalls = () => aliyun.calls.filter((call) => call.ttsCode === FAKE_ALIYUN.crawlerCheckTtsCode);
  /** What the notify worker made of the call the crawl asked for when `site` started waiting in the task's run. */
  const checkCallOutcome = async (taskId: string, site: 'zhipin' | 'job51', since: string) => {
    const jobId = crawlerCheckJobId({ jobId: (await statsOf(taskId)).jobId, site, since });
    // The state first, then the job: a job read before it completed keeps an empty return value.
    return waitFor(async () => ((await notify.getJobState(jobId)) === 'completed' ? ((await notify.getJob(jobId))!.returnvalue as { called: boolean; reason?: string }) : undefined), 30_000);
  };
  const crawlEvents = async () => {
    const stream = await openEventStream<CrawlLiveEvent>(port, '/api/admin/crawler/events', cookie);
    streams.push(stream as EventStream<unknown>);
    return stream;
  };

  beforeAll(async () => {
    if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run "npm run build" first (npm test does)`);
    await flushRedis(redisUrl);
    database = await createTestDatabase({ migrate: true });
    dataSource = await new DataSource(createDataSourceOptions(database.url)).initialize();
    const fixturesModule = await fixtureModule();
    fixtures = await fixturesModule.startFixtureSites({ perPage: 5, totalPages: 3 });
    slider = fixturesModule.SLIDER_TARGETS;
    [aliyun, twilio] = await Promise.all([startFakeAliyunVoice(), startFakeTwilioApi()]);
    notify = new Queue(NOTIFY_QUEUE, bullOptions(redisUrl));
    notify.on('error', () => undefined);
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, CRAWLER_SESSION_KEY: KEY }));
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    const registered = await api().post('/api/admin/register').send({ email: 'human-check@example.com', password: 'human-check-password-1' }).expect(201);
    cookie = ([registered.headers['set-cookie'] ?? []].flat() as string[]).map((value) => value.split(';')[0]).join('; ');
    await api().post('/api/admin/crawler-config').set('cookie', cookie).send({ request_delay: 50 }).expect(200);
    worker = spawnProcess('node', [WORKER_MAIN], {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      CRAWLER_SESSION_KEY: KEY,
      CRAWLER_SITE_ORIGINS: fixtures.env,
      LOG_LEVEL: 'warn',
      // The notify side of the same worker calls the provider stand-ins, quiet hours off.
      ...fakePhoneEnv(aliyun, twilio),
    });
    await waitFor(async () => ((await api().get('/api/admin/firecrawl-config').set('cookie', cookie)).body.isValid === true ? true : undefined), 60_000);
  });

  afterAll(async () => {
    // The worker's own account of the run, when a test needs explaining.
    if (process.env.SHOW_WORKER_LOG) process.stdout.write(`${worker?.stdout() ?? ''}\n${worker?.stderr() ?? ''}\n`);
    for (const stream of streams) stream.close();
    worker?.kill('SIGTERM');
    await Promise.race([worker?.exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    worker?.kill('SIGKILL');
    await notify?.close();
    await app?.close();
    await Promise.all([aliyun?.close(), twilio?.close()]);
    await fixtures?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('waits on that site only, phones the administrator once, shows its very page in the live view, and resumes there after the slider is dragged: every page once, 0 duplicates', async () => {
    await api().put(PHONE_PATHS.crawlerCheck).set('cookie', cookie).send({ enabled: true, ttsCode: FAKE_ALIYUN.crawlerCheckTtsCode }).expect(200);
    fixtures.setMode('zhipin', 'captcha', { fromPage: 3 });
    const events = await crawlEvents();
    const taskId = await startTask('等待验证', 'AI产品经理', ['zhipin', 'job51', 'zhaopin']);

    // 等待验证 is pushed with the run's progress: the site, its page, and the view of the tab that met the check.
    const waitingEvent = (await events.until((event) => event.type === 'progress' && event.taskId === taskId && Boolean(event.humanChecks?.zhipin), 120_000)) as Extract<CrawlLiveEvent, { type: 'progress' }>;
    const check = waitingEvent.humanChecks!.zhipin!;
    expect(check).toMatchObject({ reason: 'captcha', pageNumber: 3, viewId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(Date.parse(check.until) - Date.parse(check.since)).toBe(30 * 60_000);
    expect((await statsOf(taskId)).humanChecks?.zhipin).toMatchObject({ viewId: check.viewId, pageNumber: 3 });

    // The crawler check call is on: the administrator's phone rings once, naming the waiting site and the time left.
    await expect(checkCallOutcome(taskId, 'zhipin', check.since)).resolves.toMatchObject({ called: true, provider: 'aliyun' });
    expect(checkCalls()).toHaveLength(1);
    expect(checkCalls()[0].ttsParam).toEqual({ site: 'BOSS直聘', minutes: expect.stringMatching(/^(29|30)$/) });
    expect(await dataSource.query(`SELECT trigger, status, "leadCount" FROM notification_calls`)).toEqual([{ trigger: 'crawler_check', status: 'placed', leadCount: 0 }]);

    // The other sites go on while zhipin waits: both finish their three pages with the check still open.
    await waitFor(async () => {
      const stats = await statsOf(taskId);
      return stats.sites?.job51?.pagesDone === 3 && stats.sites?.zhaopin?.pagesDone === 3 ? stats : undefined;
    }, 120_000);
    const whileWaiting = await statsOf(taskId);
    expect(whileWaiting.humanChecks?.zhipin?.viewId).toBe(check.viewId);
    expect(whileWaiting.sites?.zhipin?.pagesDone).toBe(2);
    expect((await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: taskId })).status).toBe('running');
    // The dashboard's alerts say it too.
    const alerts = await api().get('/api/admin/system-alerts').set('cookie', cookie).expect(200);
    expect(alerts.body.data).toContainEqual({ kind: 'crawl_waiting_check', taskId, taskName: '等待验证', site: 'zhipin', pageNumber: 3, until: check.until });

    // The operator's live view shows that very page: the slider the crawl's tab was sent to.
    const view = await openEventStream<LiveViewEvent>(port, `/api/admin/crawler/live-view/${check.viewId}/events`, cookie);
    streams.push(view as EventStream<unknown>);
    const frame = (await view.until((event) => event.type === 'frame' && event.url.includes('/web/user/safe/verify-slider'), 60_000)) as Extract<LiveViewEvent, { type: 'frame' }>;
    expect(new URL(frame.url).origin).toBe(fixtures.origins.zhipin);

    // A click is not a drag: the check stays.
    await send(check.viewId, { kind: 'click', ...slider.start });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fixtures.sliderPasses.zhipin).toBe(0);
    // The drag: press on the knob, move across with the button held, release at the end.
    await send(check.viewId, { kind: 'down', ...slider.start });
    for (let step = 1; step <= 8; step += 1) await send(check.viewId, { kind: 'move', x: slider.start.x + ((slider.end.x - slider.start.x) * step) / 8, y: slider.start.y });
    await send(check.viewId, { kind: 'up', ...slider.end });
    await waitFor(async () => (fixtures.sliderPasses.zhipin === 1 ? true : undefined), 20_000);
    // Solved: the operator closes the view, which stores the session and hands the tab back to the crawl.
    const closed = await api().post(`/api/admin/crawler/live-view/${check.viewId}/close`).set('cookie', cookie).expect(200);
    expect(closed.body.data).toMatchObject({ site: 'zhipin', stored: true });

    const finished = await events.until((event) => event.type === 'finished' && event.taskId === taskId, 120_000);
    expect(finished).toMatchObject({ status: 'completed' });
    const task = await dataSource.getRepository(CrawlTask).findOneByOrFail({ id: taskId });
    const stats = task.lastRunStats!;
    expect(task.status).toBe('completed');
    expect(stats.humanChecks ?? {}).toEqual({});
    expect(stats.failureReason).toBeNull();
    expect(stats.sites?.zhipin).toMatchObject({ pagesDone: 3, found: 15 });
    expect(stats).toMatchObject({ pagesDone: 9, pagesTotal: 9, found: 45, new: 45, duplicates: 0 });
    // Resumed at page 3: pages 1 and 2 were answered once (never restarted), page 3 once the check was passed.
    expect(fixtures.served.zhipin.search.filter((page) => page < 3).sort()).toEqual([1, 2]);
    expect(fixtures.served.zhipin.search.filter((page) => page === 3).length).toBeGreaterThanOrEqual(1);
    const results = await dataSource.getRepository(CrawlResult).findBy({ taskId });
    expect(results).toHaveLength(45);
    expect(new Set(results.map((result) => result.sourceUrl)).size).toBe(45);
    // The last progress pushed says nobody waits any more.
    const progress = events.events().filter((event): event is Extract<CrawlLiveEvent, { type: 'progress' }> => event.type === 'progress' && event.taskId === taskId);
    expect(progress.at(-1)?.humanChecks).toBeUndefined();
    expect((await api().get('/api/admin/system-alerts').set('cookie', cookie).expect(200)).body.data.filter((alert: { kind: string }) => alert.kind === 'crawl_waiting_check')).toEqual([]);
    // One wait, one call: the page loaded again after the drag asked for none.
    expect(checkCalls()).toHaveLength(1);
    expect(twilio.calls).toHaveLength(0);
    fixtures.setMode('zhipin', 'normal');
  });

  it('skips the site with the reason when nobody solves the check in the set time, and the run completes (nobody phoned: the call is off)', async () => {
    await api().put(PHONE_PATHS.crawlerCheck).set('cookie', cookie).send({ enabled: false }).expect(200);
    aliyun.reset();
    await api().post('/api/admin/crawler-config').set('cookie', cookie).send({ human_check_timeout_minutes: 1 }).expect(200);
    // A new browser: the previous test's pass and session must not let it through.
    await dataSource.query('DELETE FROM crawler_site_sessions');
    fixtures.setMode('job51', 'captcha', { fromPage: 2 });
    const events = await crawlEvents();
    const taskId = await startTask('等待验证超时', '大模型产品经理', ['job51', 'zhaopin']);
    const waitingEvent = (await events.until((event) => event.type === 'progress' && event.taskId === taskId && Boolean(event.humanChecks?.job51), 120_000)) as Extract<CrawlLiveEvent, { type: 'progress' }>;
    expect(Date.parse(waitingEvent.humanChecks!.job51!.until) - Date.parse(waitingEvent.humanChecks!.job51!.since)).toBe(60_000);
    // The crawl asked for the call all the same; the notify side found the setting off.
    await expect(checkCallOutcome(taskId, 'job51', waitingEvent.humanChecks!.job51!.since)).resolves.toEqual({ called: false, reason: 'off' });

    const finished = await events.until((event) => event.type === 'finished' && event.taskId === taskId, 150_000);
    expect(finished).toMatchObject({ status: 'completed' });
    const stats = (await statsOf(taskId))!;
    expect(stats.humanChecks ?? {}).toEqual({});
    expect(stats.sites?.job51).toMatchObject({ pagesDone: 1, failures: { check_timed_out: 1 } });
    expect(stats.sites?.zhaopin).toMatchObject({ pagesDone: 3 });
    expect(stats.failures.check_timed_out).toBe(1);
    expect(stats.message).toMatch(/job51: 等待验证超时，已跳过该站点/);
    expect(stats).toMatchObject({ pagesDone: 4, pagesTotal: 4, duplicates: 0 });
    expect(aliyun.calls).toHaveLength(0);
    expect(twilio.calls).toHaveLength(0);
    await api().post('/api/admin/crawler-config').set('cookie', cookie).send({ human_check_timeout_minutes: 30 }).expect(200);
    fixtures.setMode('job51', 'normal');
  });

  it('waits at 猎聘’s account gate on its other host, where the operator signs in by QR in the live view, and reads the site from its first page', async () => {
    await dataSource.query('DELETE FROM crawler_site_sessions');
    fixtures.setMode('liepin', 'signed-in-only');
    const events = await crawlEvents();
    const taskId = await startTask('猎聘账号门', 'AIGC产品经理', ['liepin', 'zhaopin']);
    const waitingEvent = (await events.until((event) => event.type === 'progress' && event.taskId === taskId && Boolean(event.humanChecks?.liepin), 120_000)) as Extract<CrawlLiveEvent, { type: 'progress' }>;
    const check = waitingEvent.humanChecks!.liepin!;
    expect(check).toMatchObject({ reason: 'login_wall', pageNumber: 1 });

    // The view shows the gate on its own host (wow.liepin.com's stand-in), where the crawl's tab was sent.
    const view = await openEventStream<LiveViewEvent>(port, `/api/admin/crawler/live-view/${check.viewId}/events`, cookie);
    streams.push(view as EventStream<unknown>);
    await view.until((event) => event.type === 'frame' && event.url.startsWith(fixtures.hostOrigins['wow.liepin.com']), 60_000);
    // The phone scans the gate's QR code; the gate's page receives the session and goes back to 猎聘.
    expect((await fetch(`${fixtures.origins.liepin}/web/user/qr/scan`, { method: 'POST' })).ok).toBe(true);
    await view.until((event) => event.type === 'frame' && event.url.startsWith(fixtures.origins.liepin), 30_000);
    const closed = await api().post(`/api/admin/crawler/live-view/${check.viewId}/close`).set('cookie', cookie).expect(200);
    expect(closed.body.data).toMatchObject({ site: 'liepin', stored: true });

    const finished = await events.until((event) => event.type === 'finished' && event.taskId === taskId, 120_000);
    expect(finished).toMatchObject({ status: 'completed' });
    const stats = await statsOf(taskId);
    expect(stats.humanChecks ?? {}).toEqual({});
    expect(stats.sites?.liepin).toMatchObject({ pagesDone: 3, found: 15 });
    expect(stats).toMatchObject({ pagesDone: 6, pagesTotal: 6, found: 30, new: 30, duplicates: 0, failureReason: null });
    const results = await dataSource.getRepository(CrawlResult).findBy({ taskId });
    expect(new Set(results.map((result) => result.sourceUrl)).size).toBe(30);
    fixtures.setMode('liepin', 'normal');
  });
});
