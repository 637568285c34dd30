import { LIVE_VIEW_ERRORS, LIVE_VIEW_HEIGHT, LIVE_VIEW_MAX_FPS, LIVE_VIEW_WIDTH, type LiveViewEvent, type LiveViewInput } from '@aipm/contracts';
import { CrawlerSiteSession, createDataSourceOptions, SiteSessionSeal } from '@aipm/database';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { spawnProcess, waitFor, type SpawnedProcess } from '../../../tools/testing/process';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { apiError } from './support/api-errors';
import { openEventStream, type EventStream } from './support/event-stream';
import { testApiEnv } from './support/test-env';

jest.setTimeout(180_000);

const WORKER_MAIN = path.resolve(__dirname, '../../worker/dist/main.js');
const KEY = 'live-view-test-key-0123456789abcdef-0123';
const UNKNOWN_VIEW = '00000000-0000-4000-8000-000000000000';

type Site = 'zhipin';
interface FixtureSites {
  env: string;
  origins: Record<string, string>;
  requests: Record<string, Array<{ method: string; path: string; search: string; cookie: string; token: string; at: number }>>;
  setMode(site: string, mode: 'normal' | 'signed-in-only'): void;
  close(): Promise<void>;
}
type Point = { x: number; y: number };

/** The fixture sites (tools/fixture-sites) and where their sign-in pages' fields sit in the live view. */
async function fixtureModule(): Promise<{ startFixtureSites(options: object): Promise<FixtureSites>; LIVE_VIEW_TARGETS: Record<string, Point> }> {
  return (await import(path.resolve(__dirname, '../../../tools/fixture-sites/fixture-sites.mjs'))) as never;
}

/** The start of a JPEG and its size from its first frame header (SOF0/SOF2). */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker === 0xc0 || marker === 0xc2) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return null;
}

/**
 * The live view end to end (ADR 069): the API, a real worker process with its Chromium, Redis pub/sub between them,
 * the fixture sites' sign-in pages; frames out as server-sent events, input in as POSTs, the session stored on close.
 */
describe('the live view of the worker’s Chromium', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let fixtures: FixtureSites;
  let targets: Record<string, Point>;
  let worker: SpawnedProcess;
  let app: INestApplication;
  let port: number;
  let cookie: string;
  const redisUrl = testRedisUrl(3);
  const streams: Array<EventStream<LiveViewEvent>> = [];

  const api = () => request(app.getHttpServer());
  const open = async (site: Site) => {
    const opened = await api().post('/api/admin/crawler/live-view').set('cookie', cookie).send({ site }).expect(200);
    const viewId = opened.body.data.viewId as string;
    const stream = await openEventStream<LiveViewEvent>(port, `/api/admin/crawler/live-view/${viewId}/events`, cookie);
    streams.push(stream);
    return { viewId, stream };
  };
  const send = (viewId: string, input: LiveViewInput) => api().post(`/api/admin/crawler/live-view/${viewId}/input`).set('cookie', cookie).send(input);
  const frameOn = (stream: EventStream<LiveViewEvent>, pathPart: string) =>
    stream.until((event) => event.type === 'frame' && new URL(event.url || 'about:blank').pathname.startsWith(pathPart), 60_000) as Promise<Extract<LiveViewEvent, { type: 'frame' }>>;
  const sessionOf = async (site: Site) => new SiteSessionSeal(KEY).open(site, (await dataSource.getRepository(CrawlerSiteSession).findOneByOrFail({ site })).sealed);
  const fixtureRequest = (site: Site, method: string, pathName: string) => waitFor(async () => fixtures.requests[site].find((entry) => entry.method === method && entry.path === pathName), 20_000);

  beforeAll(async () => {
    if (!existsSync(WORKER_MAIN)) throw new Error(`${WORKER_MAIN} is missing: run "npm run build" first (npm test does)`);
    await flushRedis(redisUrl);
    database = await createTestDatabase({ migrate: true });
    dataSource = await new DataSource(createDataSourceOptions(database.url)).initialize();
    const fixturesModule = await fixtureModule();
    fixtures = await fixturesModule.startFixtureSites({ perPage: 5, totalPages: 1 });
    targets = fixturesModule.LIVE_VIEW_TARGETS;
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, CRAWLER_SESSION_KEY: KEY }));
    await app.listen(0, '127.0.0.1');
    port = (app.getHttpServer().address() as AddressInfo).port;
    const registered = await api().post('/api/admin/register').send({ email: 'live-view@example.com', password: 'live-view-password-1' }).expect(201);
    cookie = ([registered.headers['set-cookie'] ?? []].flat() as string[]).map((value) => value.split(';')[0]).join('; ');
    await api().post('/api/admin/crawler-config').set('cookie', cookie).send({ request_delay: 50 }).expect(200);
    worker = spawnProcess('node', [WORKER_MAIN], { ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl, CRAWLER_SESSION_KEY: KEY, CRAWLER_SITE_ORIGINS: fixtures.env, LOG_LEVEL: 'warn' });
    await waitFor(async () => ((await api().get('/api/admin/firecrawl-config').set('cookie', cookie)).body.isValid === true ? true : undefined), 60_000);
  });

  afterAll(async () => {
    for (const stream of streams) stream.close();
    worker?.kill('SIGTERM');
    await Promise.race([worker?.exited, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    worker?.kill('SIGKILL');
    await app?.close();
    await fixtures?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('shows the sign-in page, stores the session a QR scan made when closed, and the next crawl of the site sends it', async () => {
    fixtures.setMode('zhipin', 'signed-in-only');
    const { viewId, stream } = await open('zhipin');
    const frame = await frameOn(stream, '/web/user');
    expect({ width: frame.width, height: frame.height }).toEqual({ width: LIVE_VIEW_WIDTH, height: LIVE_VIEW_HEIGHT });
    const size = jpegSize(Buffer.from(frame.jpeg, 'base64'));
    expect(size).not.toBeNull();
    expect(size!.width).toBeLessThanOrEqual(LIVE_VIEW_WIDTH);
    expect(size!.height).toBeLessThanOrEqual(LIVE_VIEW_HEIGHT);

    // The phone scans the code; the page's poll then receives the session cookie and keeps its token.
    const signIns = async () => ((await fetch(`${fixtures.origins.zhipin}/web/user/qr/signed-in`).then((response) => response.json())) as { count: number }).count;
    const before = await signIns();
    const scanned = await fetch(`${fixtures.origins.zhipin}/web/user/qr/scan`, { method: 'POST' }).then((response) => response.json() as Promise<{ scanned: number }>);
    expect(scanned.scanned).toBeGreaterThanOrEqual(1);
    // The page's poll has received the cookie; its script keeps the token right after.
    await waitFor(async () => ((await signIns()) > before ? true : undefined), 20_000);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const closed = await api().post(`/api/admin/crawler/live-view/${viewId}/close`).set('cookie', cookie).expect(200);
    expect(closed.body.data).toMatchObject({ site: 'zhipin', stored: true, cookies: expect.any(Number), origins: expect.any(Number) });
    // Audited (ADR 030) with the site and how much was stored, never the session.
    const [entry] = await dataSource.query(`SELECT action, entity, after, details FROM audit_log WHERE action = 'settings.crawler.session.store'`);
    expect(entry).toMatchObject({ action: 'settings.crawler.session.store', entity: 'crawler_settings' });
    expect(JSON.stringify(entry)).toContain('zhipin');
    expect(JSON.stringify(entry)).not.toMatch(/signed-in|token-zhipin/);
    expect(closed.body.data.cookies).toBeGreaterThanOrEqual(1);
    await stream.until((event) => event.type === 'closed', 10_000);
    const row = await dataSource.getRepository(CrawlerSiteSession).findOneByOrFail({ site: 'zhipin' });
    expect(row.sealed.toString('latin1')).not.toMatch(/signed-in|token-zhipin/);
    const session = await sessionOf('zhipin');
    expect(session?.cookies.map((entry) => `${entry.name}=${entry.value}`)).toContain('fixture_session=signed-in-zhipin-qr');
    expect(session?.origins.find((entry) => entry.origin === fixtures.origins.zhipin)?.localStorage).toEqual({ fixture_token: 'token-zhipin-qr' });

    const since = Date.now();
    const crawl = await api()
      .post('/api/admin/crawl/run')
      .set('cookie', cookie)
      .send({ site: 'zhipin', keywords: ['登录后'], city: '长沙', maxResults: 50, taskName: '自动抓取 zhipin 登录后 长沙' });
    expect(crawl.status).toBe(200);
    const search = fixtures.requests.zhipin.filter((entry) => entry.at >= since && entry.path === '/web/geek/job');
    expect(search.length).toBeGreaterThan(0);
    expect(search.every((entry) => entry.cookie.includes('fixture_session=signed-in-zhipin-qr'))).toBe(true);
    const data = fixtures.requests.zhipin.filter((entry) => entry.at >= since && entry.path === '/wapi/zpgeek/search/joblist.json');
    expect(data.map((entry) => entry.token)).toContain('token-zhipin-qr');
    fixtures.setMode('zhipin', 'normal');
  });

  it('takes clicks, typed text and the Enter key: a password and SMS-code sign-in, at most 5 frames a second', async () => {
    const { viewId, stream } = await open('zhipin');
    await frameOn(stream, '/web/user');
    const startedAt = Date.now();
    const framesBefore = stream.events().filter((event) => event.type === 'frame').length;

    await send(viewId, { kind: 'scroll', x: 640, y: 400, deltaY: 120 }).expect(204);
    await send(viewId, { kind: 'click', ...targets.toPassword! }).expect(204);
    await frameOn(stream, '/login/password');
    const phone = '13800000000';
    await send(viewId, { kind: 'click', ...targets.phone! }).expect(204);
    await send(viewId, { kind: 'text', text: phone }).expect(204);
    await send(viewId, { kind: 'click', ...targets.password! }).expect(204);
    await send(viewId, { kind: 'text', text: 'fixture-password' }).expect(204);
    await send(viewId, { kind: 'click', ...targets.sendCode! }).expect(204);
    // The SMS reaches the phone: the test reads the code the fixture sent, as the operator reads the message.
    await fixtureRequest('zhipin', 'POST', '/login/sms/send');
    const { code } = (await fetch(`${fixtures.origins.zhipin}/login/sms/last?phone=${phone}`).then((response) => response.json())) as { code: string };
    expect(code).toMatch(/^\d{6}$/);
    await send(viewId, { kind: 'click', ...targets.code! }).expect(204);
    await send(viewId, { kind: 'text', text: code }).expect(204);
    await send(viewId, { kind: 'key', key: 'Enter' }).expect(204);
    await fixtureRequest('zhipin', 'POST', '/login/password');
    await new Promise((resolve) => setTimeout(resolve, 500));

    const elapsed = (Date.now() - startedAt) / 1000;
    const frames = stream.events().filter((event) => event.type === 'frame').length - framesBefore;
    expect(frames).toBeGreaterThan(0);
    expect(frames).toBeLessThanOrEqual(Math.ceil(elapsed * LIVE_VIEW_MAX_FPS) + 1);

    await api().post(`/api/admin/crawler/live-view/${viewId}/close`).set('cookie', cookie).expect(200);
    const session = await sessionOf('zhipin');
    expect(session?.cookies.map((entry) => `${entry.name}=${entry.value}`)).toContain('fixture_session=signed-in-zhipin-password');
    expect(session?.origins.find((entry) => entry.origin === fixtures.origins.zhipin)?.localStorage).toMatchObject({ fixture_token: 'token-zhipin-password' });
  });

  it("crawls the site signed out once its session is deleted, though the worker's browser signed in to it", async () => {
    await api().delete('/api/admin/crawler/site-sessions/zhipin').set('cookie', cookie).expect(200);
    const since = Date.now();
    const crawl = await api()
      .post('/api/admin/crawl/run')
      .set('cookie', cookie)
      .send({ site: 'zhipin', keywords: ['删除后'], city: '长沙', maxResults: 50, taskName: '自动抓取 zhipin 删除后 长沙' });
    expect(crawl.status).toBe(200);
    const search = fixtures.requests.zhipin.filter((entry) => entry.at >= since && entry.path === '/web/geek/job');
    expect(search.length).toBeGreaterThan(0);
    expect(search.filter((entry) => entry.cookie.includes('fixture_session'))).toEqual([]);
    const data = fixtures.requests.zhipin.filter((entry) => entry.at >= since && entry.path === '/wapi/zpgeek/search/joblist.json');
    expect(data.length).toBeGreaterThan(0);
    expect(data.filter((entry) => entry.token !== '')).toEqual([]);
  });

  it('answers LIVE_VIEW_CLOSED for input to a view whose page has closed, and for a view never opened', async () => {
    const { viewId, stream } = await open('zhipin');
    await frameOn(stream, '/web/user');
    await api().post(`/api/admin/crawler/live-view/${viewId}/close`).set('cookie', cookie).expect(200);
    const late = await send(viewId, { kind: 'click', x: 10, y: 10 }).expect(409);
    expect(late.body).toEqual(apiError('LIVE_VIEW_CLOSED'));
    expect(late.body.message).toBe(LIVE_VIEW_ERRORS.LIVE_VIEW_CLOSED);
    expect((await api().post(`/api/admin/crawler/live-view/${viewId}/close`).set('cookie', cookie).expect(409)).body).toEqual(apiError('LIVE_VIEW_CLOSED'));
    expect((await send(UNKNOWN_VIEW, { kind: 'key', key: 'Enter' }).expect(409)).body).toEqual(apiError('LIVE_VIEW_CLOSED'));
  });

  it.each<[string, object, string]>([
    ['a click outside the frame', { kind: 'click', x: LIVE_VIEW_WIDTH + 1, y: 10 }, 'INVALID_LIVE_VIEW_INPUT'],
    ['an unknown kind', { kind: 'drag' }, 'INVALID_LIVE_VIEW_INPUT'],
    ['a key that is not in the list', { kind: 'key', key: 'F12' }, 'INVALID_LIVE_VIEW_INPUT'],
    ['too much text', { kind: 'text', text: 'x'.repeat(501) }, 'INVALID_LIVE_VIEW_INPUT'],
  ])('refuses %s', async (_name, body, code) => {
    expect((await api().post(`/api/admin/crawler/live-view/${UNKNOWN_VIEW}/input`).set('cookie', cookie).send(body).expect(400)).body.code).toBe(code);
  });

  it('refuses a view id that is not one, and a site that is not one of the five', async () => {
    expect((await send('not-a-view' as string, { kind: 'click', x: 1, y: 1 }).expect(400)).body.code).toBe('INVALID_VIEW_ID');
    expect((await api().post('/api/admin/crawler/live-view').set('cookie', cookie).send({ site: 'other' }).expect(400)).body.code).toBe('INVALID_LIVE_VIEW_SITE');
  });

  it('is for the administrator only: opening, the frames, input and closing', async () => {
    const anonymous = request(app.getHttpServer());
    expect((await anonymous.post('/api/admin/crawler/live-view').send({ site: 'zhipin' }).expect(401)).body).toEqual(apiError('UNAUTHORIZED'));
    expect((await anonymous.post(`/api/admin/crawler/live-view/${UNKNOWN_VIEW}/input`).send({ kind: 'click', x: 1, y: 1 }).expect(401)).body).toEqual(apiError('UNAUTHORIZED'));
    expect((await anonymous.post(`/api/admin/crawler/live-view/${UNKNOWN_VIEW}/close`).expect(401)).body).toEqual(apiError('UNAUTHORIZED'));
    const events = await openEventStream<LiveViewEvent>(port, `/api/admin/crawler/live-view/${UNKNOWN_VIEW}/events`, undefined);
    events.close();
    expect(events.status).toBe(401);
  });
});
