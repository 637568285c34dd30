import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { defaultLandingContent } from '@aipm/contracts';
import type { ServerBuild } from '@remix-run/node';
import { pino } from 'pino';

import { createFrontDoor, createFrontDoorListener } from './front-door';
import { PAGE_FRESH_MS, PAGE_MAX_AGE_MS, PAGE_RERENDER_MS, PageCache, type PageCacheVisitor } from './page-cache';

/*
 * The page cache (ADR 032) against the real Remix build: a fast-path answer is the answer Express would give
 * (parity), two visitors never see each other's values, and a changed job list shows once the render is a
 * second old. The API is a stand-in serving the two reads the pages make (jobs, site settings), so the test
 * can change the jobs and count the renders.
 */

const webDir = path.resolve(__dirname, '..', '..');
const serverBuildFile = path.join(webDir, 'build', 'server', 'index.js');
const clientDir = path.join(webDir, 'build', 'client');

function loadServerBuild(): ServerBuild {
  if (!fs.existsSync(serverBuildFile)) throw new Error(`The web build is missing (${serverBuildFile}): run \`npm run build -w @aipm/web\` first.`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(serverBuildFile) as ServerBuild;
}

function job(id: string, title: string) {
  return {
    id,
    title,
    company: 'Acme',
    companyLogo: null,
    location: '长沙',
    remote: false,
    employmentType: null,
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: 'CNY',
    description: null,
    requirements: null,
    skillTags: [],
    sourceUrl: 'https://jobs.example.com/1',
    // No milliseconds: the render instant (with them) is the only timestamp the comparisons blank out.
    postedAt: '2026-11-20T08:00:00Z',
  };
}

async function startApi() {
  const state = { jobs: [job('1', 'AI 产品经理')], jobReads: 0, landing: { id: 1, content: defaultLandingContent(null, '2026-11-29') } };
  const server = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/api/landing-content') {
      // The live publication, 304 to its ETag (ADR 074).
      const etag = `"landing-${state.landing.id}"`;
      res.setHeader('ETag', etag);
      if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
      res.end(JSON.stringify({ success: true, data: { ...state.landing, publishedAt: '2026-11-29T08:00:00.000Z', publishedBy: null, restoredFrom: null } }));
    } else if (req.url?.startsWith('/api/jobs')) {
      state.jobReads += 1;
      res.end(JSON.stringify({ success: true, data: state.jobs }));
    } else if (req.url === '/api/site-settings') {
      res.end(JSON.stringify({ success: true, data: {}, updatedAt: null }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function listen(listener: http.RequestListener): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Decoded (gunzipped when the answer says gzip). */
  body: string;
  nonce: string;
}

function get(port: number, target: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path: target, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = (res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
          const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy'] ?? ''))?.[1] ?? '';
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, nonce });
        });
      })
      .on('error', reject)
      .end();
  });
}

/** The answer with its own nonce and its render instant blanked: what must be equal between two paths. */
function normalized(answer: Answer) {
  const blank = (text: string) => (answer.nonce ? text.split(answer.nonce).join('NONCE') : text).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, 'RENDERED_AT');
  const headers = Object.fromEntries(
    Object.entries(answer.headers)
      // Date is the clock; Content-Length / Transfer-Encoding are the framing Node picks for a buffer or a stream.
      .filter(([name]) => !['date', 'content-length', 'transfer-encoding'].includes(name))
      .map(([name, value]) => [name, Array.isArray(value) ? value.map(String) : blank(String(value))]),
  );
  return { status: answer.status, headers, body: blank(answer.body) };
}

describe('page cache (ADR 032)', () => {
  const build = loadServerBuild();
  const visitor = (build.entry.module as { pageCacheVisitor?: PageCacheVisitor }).pageCacheVisitor!;
  const logger = pino({ level: 'silent' });
  let api: Awaited<ReturnType<typeof startApi>>;
  let adminDist: string;
  let fast: Awaited<ReturnType<typeof listen>>;
  let express: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    api = await startApi();
    adminDist = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-admin-dist-'));
    const options = { apiUrl: api.url, adminDist, build, clientDir, logger, publicHosts: 'site.test', trustProxy: 'loopback' };
    fast = await listen(createFrontDoorListener(options));
    // The same front door without its fast path: every page through Express and Remix, as before the cache.
    express = await listen(createFrontDoorListener({ ...options, pageCache: false }, createFrontDoor(options)));
  });

  afterAll(async () => {
    await Promise.all([fast.close(), express.close(), api.close()]);
  });

  describe('a fast-path answer is the Express answer (status, every header but Date and framing, body)', () => {
    const cases: Array<[string, string, Record<string, string>, string?]> = [
      ['a new visitor, identity', '/', {}],
      ['a new visitor, gzip', '/', { 'Accept-Encoding': 'gzip' }],
      ['a returning English visitor', '/', { Cookie: 'lng=en; aipm_ft=%7B%7D', 'Accept-Encoding': 'gzip, deflate' }],
      ['?lng=en sets the language cookie and the first touch', '/?lng=en', {}],
      ['an ad visit: utm and a referrer in the first touch', '/?utm_source=baidu&utm_campaign=winter', { Referer: 'https://www.baidu.com/s?wd=ai' }],
      ['an unsupported ?lng= and a parameter no page reads', '/?lng=fr&fbclid=abc&utm_source=x', { Cookie: 'lng=en' }],
      ['Accept-Language picks English', '/', { 'Accept-Language': 'en-US,en;q=0.9', 'Accept-Encoding': 'gzip' }],
      ['a legal page', '/privacy-policy', { Cookie: 'lng=en' }],
      ['a legal page in Chinese, gzip', '/cookie-policy?lng=zh', { 'Accept-Encoding': 'gzip' }],
      ['another public host', '/terms-of-service', { Host: 'site.test' }],
      ['behind a trusted proxy over https', '/', { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'site.test', 'X-Forwarded-For': '203.0.113.9' }],
      ['HEAD', '/', {}, 'HEAD'],
      ['HEAD, gzip', '/privacy-policy', { 'Accept-Encoding': 'gzip' }, 'HEAD'],
    ];

    it.each(cases)('%s', async (_name, target, headers, method = 'GET') => {
      // One Host for both servers (their ports differ), unless the case names its own.
      const sent = { Host: 'localhost:3000', 'X-Request-Id': 'parity-1', ...headers };
      // Twice: the first fills the cache (or finds it filled), the second is certainly a hit.
      await get(fast.port, target, sent, method);
      const hit = await get(fast.port, target, sent, method);
      const viaExpress = await get(express.port, target, sent, method);
      expect(hit.status).toBe(200);
      // Framed by length: the fast path answered (Express streams the render).
      if (method === 'GET') expect(hit.headers['content-length']).toBeDefined();
      expect(hit.nonce).not.toBe(viaExpress.nonce);
      expect(normalized(hit)).toEqual(normalized(viaExpress));
      if (method === 'GET') expect(hit.body).toContain(`nonce="${hit.nonce}"`);
    });

    it('answers gzip to a browser that prefers brotli (parts deflated once; Express would compress the stream with brotli)', async () => {
      const hit = await get(fast.port, '/', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(hit.headers['content-encoding']).toBe('gzip');
      expect(hit.body).toContain(`nonce="${hit.nonce}"`);
    });

    it('answers through Express what the cache does not serve (a Remix data request, WeChat, an unknown host, another path)', async () => {
      const other = await get(fast.port, '/?_data=routes%2F_index');
      expect(other.headers['content-length']).toBeUndefined();
      const wechat = await get(fast.port, '/', { 'User-Agent': 'Mozilla/5.0 MicroMessenger/8.0.50' });
      expect(wechat.headers['content-length']).toBeUndefined();
      expect((await get(fast.port, '/', { Host: 'evil.test' })).status).toBe(400);
      expect((await get(fast.port, '/no/such/page')).status).toBe(404);
    });
  });

  it('never gives one visitor another\'s nonce, cookies, language or request id', async () => {
    const a = { Cookie: 'lng=en; aipm_ft=%7B%22landingPath%22%3A%22%2F%22%7D', 'X-Request-Id': 'visitor-a', 'Accept-Encoding': 'gzip' };
    const b = { Referer: 'https://b.example/', 'X-Request-Id': 'visitor-b' };
    const c = { Cookie: 'session=c-secret', 'X-Request-Id': 'visitor-c' };
    const rounds = await Promise.all(
      Array.from({ length: 8 }, () => Promise.all([get(fast.port, '/', a), get(fast.port, '/?utm_source=b', b), get(fast.port, '/', c)])),
    );
    const nonces = new Set<string>();
    for (const [answerA, answerB, answerC] of rounds) {
      for (const answer of [answerA!, answerB!, answerC!]) {
        expect(nonces.has(answer.nonce)).toBe(false);
        nonces.add(answer.nonce);
        expect(answer.body).toContain(`nonce="${answer.nonce}"`);
        // No field of any form carries a token: the site has no CSRF token (the API checks the origin instead).
        expect(answer.body).not.toMatch(/csrf|_token/i);
      }
      expect(answerA!.headers['x-request-id']).toBe('visitor-a');
      expect(answerB!.headers['x-request-id']).toBe('visitor-b');
      expect(answerA!.body).toMatch(/<html lang="en"/);
      expect(answerB!.body).toMatch(/<html lang="zh"/);
      expect(answerA!.headers['set-cookie']).toBeUndefined();
      expect(answerB!.headers['set-cookie']).toEqual([expect.stringContaining('utm_source%22%3A%22b')]);
      expect(answerB!.headers['set-cookie']![0]).toContain('b.example');
      // C came with no first touch, so gets one of its own: the landing path, no utm, no referrer of B's.
      expect(answerC!.headers['set-cookie']).toEqual([expect.stringMatching(/^aipm_ft=%7B%22landingPath%22%3A%22%2F%22%7D;/)]);
      expect(answerC!.body).not.toContain('c-secret');
      // Apart from its nonce, a page is the same for two visitors of one language: nothing else of theirs is in it.
      expect(normalized(answerB!).body).toBe(normalized(answerC!).body);
      for (const [one, other] of [[answerA!, answerB!], [answerB!, answerC!], [answerA!, answerC!]] as const) {
        expect(one.body).not.toContain(other.nonce);
        expect(String(one.headers['content-security-policy'])).not.toContain(other.nonce);
      }
    }
  });

  describe('a stranger can neither bypass nor empty the cache', () => {
    // The same build with its document render counted (every render, the fast path's and Express's, runs it).
    const rendered: string[] = [];
    const entry = build.entry.module as unknown as { default: (request: Request, ...rest: unknown[]) => unknown };
    const counting = {
      ...build,
      entry: {
        ...build.entry,
        module: {
          ...build.entry.module,
          default: (request: Request, ...rest: unknown[]) => {
            rendered.push(request.url);
            return entry.default(request, ...rest);
          },
        },
      },
    } as ServerBuild;
    let ownApi: Awaited<ReturnType<typeof startApi>>;
    let door: Awaited<ReturnType<typeof listen>>;

    beforeAll(async () => {
      ownApi = await startApi();
      const options = { apiUrl: ownApi.url, adminDist, build: counting, clientDir, logger };
      door = await listen(createFrontDoorListener(options, createFrontDoor(options)));
    });
    afterAll(async () => {
      await door.close();
      await ownApi.close();
    });

    /** Sends them ten at a time, as a small script would. */
    async function flood(targets: Array<[string, Record<string, string>]>): Promise<Answer[]> {
      const answers: Answer[] = [];
      for (let at = 0; at < targets.length; at += 10) {
        answers.push(...(await Promise.all(targets.slice(at, at + 10).map(([target, headers]) => get(door.port, target, headers)))));
      }
      return answers;
    }

    it('answers 70 unknown ?lng= values from the render of the page without one, and `/` stays cached', async () => {
      const host = { Host: `localhost:${door.port}` };
      expect((await get(door.port, '/', host)).status).toBe(200);
      const before = rendered.length;
      const answers = await flood(Array.from({ length: 70 }, (_, index) => [`/?lng=x${index}`, host]));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        // The app ignores an unsupported ?lng= (no cookie, no canonical of its own): the page of the plain address.
        expect(answer.body).toMatch(/<html lang="zh"/);
        expect(answer.body).toContain(`<link rel="canonical" href="http://localhost:${door.port}/"/>`);
        expect(answer.headers['set-cookie']).toEqual([expect.stringMatching(/^aipm_ft=/)]);
      }
      expect({ rendersForUnknownLng: rendered.length - before }).toEqual({ rendersForUnknownLng: 0 });
      const home = await get(door.port, '/', host);
      expect(home.headers['content-length']).toBeDefined();
      expect({ rendersOfHomeAfterTheFlood: rendered.length - before }).toEqual({ rendersOfHomeAfterTheFlood: 0 });
      // The supported values keep their own renders (their canonical names them).
      expect((await get(door.port, '/?lng=en', host)).body).toContain(`<link rel="canonical" href="http://localhost:${door.port}/?lng=en"/>`);
    });

    it('answers 70 unknown query parameters from the render of the plain page', async () => {
      const host = { Host: `localhost:${door.port}` };
      await get(door.port, '/terms-of-service', host);
      const before = rendered.length;
      const answers = await flood(Array.from({ length: 70 }, (_, index) => [`/terms-of-service?v=${index}&fbclid=${index}`, host]));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toContain(`<link rel="canonical" href="http://localhost:${door.port}/terms-of-service"/>`);
      }
      expect({ rendersForUnknownParameters: rendered.length - before }).toEqual({ rendersForUnknownParameters: 0 });
    });

    it('keeps `/` cached through 70 Host headers with made-up ports', async () => {
      const host = { Host: `localhost:${door.port}` };
      await get(door.port, '/privacy-policy', host);
      const home = `http://localhost:${door.port}/privacy-policy`;
      const before = rendered.filter((url) => url === home).length;
      const answers = await flood(Array.from({ length: 70 }, (_, index) => ['/privacy-policy', { Host: `localhost:${20_000 + index}` }]));
      for (const answer of answers) expect(answer.status).toBe(200);
      await get(door.port, '/privacy-policy', host);
      expect({ rendersOfThePageAfterTheFlood: rendered.filter((url) => url === home).length - before }).toEqual({ rendersOfThePageAfterTheFlood: 0 });
    });
  });

  describe(PageCache.name, () => {
    // Its own API: the front doors above still refresh their renders in the background and would add reads.
    let ownApi: Awaited<ReturnType<typeof startApi>>;
    beforeAll(async () => {
      ownApi = await startApi();
    });
    afterAll(() => ownApi.close());

    it(`checks the data past ${PAGE_FRESH_MS} ms and renders again only when it changed, answering the old render meanwhile but never ${PAGE_MAX_AGE_MS} ms after its last check`, async () => {
      let clock = 1_000_000;
      const cache = new PageCache({ build, apiUrl: ownApi.url, logger, visitor, now: () => clock });
      const api = ownApi;
      const key = { origin: 'http://localhost', pathname: '/', language: 'zh', lngQuery: null };
      api.state.jobs = [job('1', 'First job')];
      const reads = api.state.jobReads;

      // The first load: the fingerprint (one read) and the render (one read).
      const first = await cache.page(key);
      expect(first!.parts.join('')).toContain('First job');
      expect(api.state.jobReads - reads).toBe(2);

      clock += PAGE_FRESH_MS - 1;
      expect(await cache.page(key)).toBe(first);
      expect(api.state.jobReads - reads).toBe(2);

      // Nothing changed: a load past the check time waits for the check (no load for a second), which finds
      // the same data: the same render, one read more.
      clock += PAGE_MAX_AGE_MS;
      expect(await cache.page(key)).toBe(first);
      expect(api.state.jobReads - reads).toBe(3);

      // A job changes: the next load past the fresh time still gets the old render and starts the check ...
      api.state.jobs = [job('2', 'Second job')];
      clock += PAGE_FRESH_MS + 1;
      expect(await cache.page(key)).toBe(first);
      // ... whose new render the load after the maximum age waits for.
      clock += PAGE_MAX_AGE_MS;
      const second = await cache.page(key);
      expect(second!.parts.join('')).toContain('Second job');
      expect(second!.parts.join('')).not.toContain('First job');

      // Unchanged data is rendered again once the render is a minute old (its "x hours ago" stays near).
      clock += PAGE_RERENDER_MS;
      const renewed = await cache.page(key);
      expect(renewed).not.toBe(second);
      expect(renewed!.parts.join('')).toContain('Second job');
    });

    it('shows a publication of the landing content at the first check after its half-second read', async () => {
      let clock = 2_000_000;
      const cache = new PageCache({ build, apiUrl: ownApi.url, logger, visitor, now: () => clock });
      const key = { origin: 'http://localhost', pathname: '/', language: 'en', lngQuery: null };
      const first = await cache.page(key);
      expect(first!.parts.join('')).toContain('Can I join without a technical background?');

      const content = defaultLandingContent(null, '2026-11-29');
      content.faq.items[0]!.question = { zh: '零基础可以报名吗？', en: 'Can a beginner join?' };
      ownApi.state.landing = { id: 2, content };
      // The web server's read of the content is fresh for half a second of real time (landing-content.server.ts).
      await new Promise((resolve) => setTimeout(resolve, 600));
      clock += PAGE_FRESH_MS + 1;
      await cache.page(key);
      clock += PAGE_MAX_AGE_MS;
      const published = (await cache.page(key))!.parts.join('');
      expect(published).toContain('Can a beginner join?');
      expect(published).not.toContain('Can I join without a technical background?');
    });

    it(`reads the data once per ${PAGE_FRESH_MS} ms for every page and language, shares a pending read, and reads again after a failed one`, async () => {
      let clock = 2_000_000;
      let fingerprintReads = 0;
      let failing = false;
      // The app's own fingerprint, counted. Its failure is made here: the real one turns an unreachable API into a
      // readable "no jobs" text (loadInitialJobs catches), while the cache must also survive a visitor that rejects.
      const counted: Pick<PageCacheVisitor, 'fingerprint'> = {
        fingerprint: (context) => {
          fingerprintReads += 1;
          return failing ? Promise.reject(new Error('the API is unreachable')) : visitor.fingerprint(context);
        },
      };
      const cache = new PageCache({ build, apiUrl: ownApi.url, logger, visitor: counted, now: () => clock });
      const home = (language: string) => ({ origin: 'http://localhost', pathname: '/', language, lngQuery: null });
      const privacy = { origin: 'http://localhost', pathname: '/privacy-policy', language: 'zh', lngQuery: null };

      // Three renders within one freshness window: one read for all of them.
      const zh = await cache.page(home('zh'));
      clock += 100;
      const en = await cache.page(home('en'));
      clock += 100;
      const legal = await cache.page(privacy);
      expect(en!.parts.join('')).toMatch(/<html lang="en"/);
      expect(legal!.parts.join('')).toMatch(/<html lang="zh"/);
      expect(fingerprintReads).toBe(1);

      // Past the window every render needs a check: the first makes a new read, the others within its window use it.
      clock += PAGE_MAX_AGE_MS;
      expect(await cache.page(home('zh'))).toBe(zh);
      expect(fingerprintReads).toBe(2);
      clock += PAGE_FRESH_MS - 1;
      expect(await cache.page(home('en'))).toBe(en);
      expect(await cache.page(privacy)).toBe(legal);
      expect(fingerprintReads).toBe(2);

      // Checks that start while a read is pending wait for that read.
      clock += PAGE_MAX_AGE_MS;
      const [zhAgain, enAgain, legalAgain] = await Promise.all([cache.page(home('zh')), cache.page(home('en')), cache.page(privacy)]);
      expect([zhAgain, enAgain, legalAgain]).toEqual([zh, en, legal]);
      expect(fingerprintReads).toBe(3);

      // A failed read is shared by the checks waiting on it, each of which renders again (the data is unknown) ...
      clock += PAGE_MAX_AGE_MS;
      failing = true;
      const [zhAfterFailure, enAfterFailure] = await Promise.all([cache.page(home('zh')), cache.page(home('en'))]);
      expect(fingerprintReads).toBe(4);
      expect(zhAfterFailure).not.toBe(zh);
      expect(enAfterFailure).not.toBe(en);
      // ... but is not kept as a result: a check within its window reads again, and that read keeps the unchanged page.
      failing = false;
      clock += 1;
      expect(await cache.page(privacy)).toBe(legal);
      expect(fingerprintReads).toBe(5);
    });

    it('leaves no timer behind its renders (Remix clears its stream timer only when the request is aborted)', async () => {
      const cache = new PageCache({ build, apiUrl: ownApi.url, logger, visitor });
      const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
      const before = timers();
      for (const pathname of ['/', '/privacy-policy', '/terms-of-service', '/cookie-policy']) {
        for (const language of ['zh', 'en']) expect(await cache.page({ origin: 'http://localhost', pathname, language, lngQuery: null })).not.toBeNull();
      }
      expect(cache.stats().renders).toBe(8);
      expect(timers() - before).toBeLessThan(3);
    });

    it('shares one render between concurrent loads', async () => {
      const cache = new PageCache({ build, apiUrl: ownApi.url, logger, visitor });
      const api = ownApi;
      const reads = api.state.jobReads;
      const pages = await Promise.all(Array.from({ length: 10 }, () => cache.page({ origin: 'http://localhost', pathname: '/', language: 'en', lngQuery: null })));
      expect(new Set(pages).size).toBe(1);
      // One fingerprint and one render.
      expect(api.state.jobReads - reads).toBe(2);
      expect(cache.stats()).toEqual({ renders: 1, evictions: 0, entries: 1 });
    });
  });
});
