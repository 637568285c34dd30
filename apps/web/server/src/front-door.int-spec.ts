import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { randomUUID } from 'node:crypto';

import { s3ClientOptions } from '@aipm/config';
import { defaultLandingContent, LANDING_CONTENT_PATHS } from '@aipm/contracts';
import type { ServerBuild } from '@remix-run/node';
import type { Express } from 'express';
import { Client } from 'minio';
import { pino } from 'pino';
import request from 'supertest';

import { refusingPort } from '../../../../tools/testing/ports';
import { createFrontDoor, createLogger } from './front-door';

// src → apps/web/server → apps/web
const webDir = path.resolve(__dirname, '..', '..');
const serverBuildFile = path.join(webDir, 'build', 'server', 'index.js');
const clientDir = path.join(webDir, 'build', 'client');

function loadServerBuild(): ServerBuild {
  if (!fs.existsSync(serverBuildFile)) {
    throw new Error(`The web build is missing (${serverBuildFile}): run \`npm run build -w @aipm/web\` before this spec.`);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(serverBuildFile) as ServerBuild;
}

function makeAdminDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-admin-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root">admin shell</div></body></html>');
  // The admin build's page for signed-in screens (tools/vite/signed-in-page.ts): the same shell, preloading react-admin.
  fs.writeFileSync(path.join(dir, 'signed-in.html'), '<!doctype html><html><head><link rel="modulepreload" href="/admin/assets/AdminApp-Ef56Gh78.js"></head><body><div id="root">admin shell</div></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), 'console.log("admin");');
  return dir;
}

interface EchoedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The API's answer at the landing page's content route: the pages rendered here read it as the real page does. */
const LIVE_LANDING_CONTENT = JSON.stringify({
  success: true,
  data: { id: 1, publishedAt: '2026-11-29T08:00:00.000Z', publishedBy: null, restoredFrom: null, content: defaultLandingContent(null, '2026-11-29') },
});

/** A stand-in API that answers every request with what it received, but the landing content as the API does. */
async function startEchoApi(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === LANDING_CONTENT_PATHS.live) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(LIVE_LANDING_CONTENT);
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const echoed: EchoedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(echoed));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe(createFrontDoor.name, () => {
  const build = loadServerBuild();
  const logger = pino({ level: 'silent' });
  let adminDist: string;
  let api: Awaited<ReturnType<typeof startEchoApi>>;
  let app: Express;

  beforeAll(async () => {
    adminDist = makeAdminDist();
    api = await startEchoApi();
    // site.test: the host the link tests ask for (any other than localhost must be configured).
    app = createFrontDoor({ apiUrl: api.url, adminDist, build, clientDir, logger, publicHosts: 'site.test' });
  });

  afterAll(async () => {
    await api.close();
    fs.rmSync(adminDist, { recursive: true, force: true });
  });

  describe('public pages', () => {
    it('renders the landing page in Chinese by default', async () => {
      const res = await request(app).get('/');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toMatch(/<html lang="zh"/);
      expect(res.text).toContain('AI 产品经理训练营');
      expect(res.text).toContain('href="#courses"');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('leaves no timer behind a rendered page (Remix clears its stream timer only when the request is aborted)', async () => {
      const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
      const before = timers();
      for (let page = 0; page < 10; page += 1) expect((await request(app).get('/privacy-policy')).status).toBe(200);
      expect(timers() - before).toBeLessThan(3);
    });

    it('renders the language of ?lng= and remembers it in the lng cookie for a year', async () => {
      // A returning visitor (first touch already kept): only the language cookie changes.
      const res = await request(app).get('/?lng=en').set('Cookie', 'lng=zh; aipm_ft=%7B%7D');
      expect(res.text).toMatch(/<html lang="en"/);
      expect(res.headers['set-cookie']).toEqual(['lng=en; Path=/; Max-Age=31536000; SameSite=Lax']);
    });

    it('keeps the first touch of a landing visit in a cookie, and never overwrites it', async () => {
      const first = await request(app).get('/?utm_source=wechat').set('Referer', 'https://mp.weixin.qq.com/');
      const cookies = first.headers['set-cookie'] as unknown as string[];
      expect(cookies).toEqual([expect.stringMatching(/^aipm_ft=%7B[^;]+; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly$/)]);
      expect(JSON.parse(decodeURIComponent(cookies[0]!.split(';')[0]!.slice('aipm_ft='.length)))).toEqual({
        utm_source: 'wechat',
        referrer: 'https://mp.weixin.qq.com/',
        landingPath: '/',
      });
      const again = await request(app).get('/?utm_source=other').set('Cookie', cookies[0]!.split(';')[0]!);
      expect(again.headers['set-cookie']).toBeUndefined();
    });

    it('links the canonical URL and the zh, en and x-default alternates', async () => {
      const zh = await request(app).get('/').set('Host', 'site.test');
      expect(zh.text).toContain('<link rel="canonical" href="http://site.test/"/>');
      expect(zh.text).toContain('<link rel="alternate" hrefLang="zh-CN" href="http://site.test/"/>');
      expect(zh.text).toContain('<link rel="alternate" hrefLang="en" href="http://site.test/?lng=en"/>');
      expect(zh.text).toContain('<link rel="alternate" hrefLang="x-default" href="http://site.test/"/>');
      // The plain path negotiates the language, so it stays its own canonical; ?lng=en has its own.
      const negotiated = await request(app).get('/privacy-policy').set('Host', 'site.test').set('Cookie', 'lng=en');
      expect(negotiated.text).toContain('<link rel="canonical" href="http://site.test/privacy-policy"/>');
      const en = await request(app).get('/privacy-policy?lng=en').set('Host', 'site.test');
      expect(en.text).toContain('<link rel="canonical" href="http://site.test/privacy-policy?lng=en"/>');
      expect(en.text).toContain('<meta property="og:locale" content="en_US"/>');
    });

    it('serves robots.txt and a sitemap of the four public pages with alternates', async () => {
      const robots = await request(app).get('/robots.txt').set('Host', 'site.test');
      expect(robots.text).toContain('Disallow: /admin');
      expect(robots.text).toContain('Sitemap: http://site.test/sitemap.xml');
      const sitemap = await request(app).get('/sitemap.xml').set('Host', 'site.test');
      expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
      expect(sitemap.text.match(/<loc>/g)).toHaveLength(4);
      expect(sitemap.text).toContain('<loc>http://site.test/cookie-policy</loc>');
      expect(sitemap.text).toContain('hreflang="en" href="http://site.test/terms-of-service?lng=en"');
    });

    it('draws the footer QR codes as SVG and refuses unknown names', async () => {
      const qr = await request(app).get('/qr/wechat.svg');
      expect(qr.status).toBe(200);
      expect(qr.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(String(qr.body ?? qr.text)).toContain('<svg');
      expect((await request(app).get('/qr/unknown.svg')).status).toBe(404);
    });

    it('embeds Organization and Course JSON-LD on the landing page', async () => {
      const res = await request(app).get('/');
      const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(res.text)?.[1];
      const graph = JSON.parse(json ?? '{}')['@graph'] as Array<{ '@type': string }>;
      expect(graph.map((node) => node['@type'])).toEqual(expect.arrayContaining(['EducationalOrganization', 'Course']));
    });

    it('follows the lng cookie', async () => {
      const res = await request(app).get('/').set('Cookie', 'lng=en');
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/<html lang="en"/);
      expect(res.text).toContain('AI Product Manager Bootcamp');
    });

    it('falls back to Accept-Language without a cookie', async () => {
      const res = await request(app).get('/').set('Accept-Language', 'en-US,en;q=0.9');
      expect(res.text).toMatch(/<html lang="en"/);
    });

    it('prefers the cookie over Accept-Language', async () => {
      const res = await request(app).get('/').set('Cookie', 'lng=zh').set('Accept-Language', 'en-US');
      expect(res.text).toMatch(/<html lang="zh"/);
    });

    it('ignores an unsupported cookie value and keeps Chinese when nothing else matches', async () => {
      const res = await request(app).get('/').set('Cookie', 'lng=fr').set('Accept-Language', 'de-DE');
      expect(res.text).toMatch(/<html lang="zh"/);
    });

    it.each([
      ['/privacy-policy', '隐私政策', 'Privacy Policy'],
      ['/terms-of-service', '服务条款', 'Terms of Service'],
      ['/cookie-policy', 'Cookie 政策', 'Cookie Policy'],
    ])('renders %s in both languages', async (pagePath, zhTitle, enTitle) => {
      const zh = await request(app).get(pagePath);
      expect(zh.status).toBe(200);
      expect(zh.text).toContain(`<h1>${zhTitle}</h1>`);
      const en = await request(app).get(pagePath).set('Cookie', 'lng=en');
      expect(en.text).toContain(`<h1>${enTitle}</h1>`);
    });

    it('answers an unknown path with HTTP 404 and the not-found page', async () => {
      const res = await request(app).get('/no/such/page');
      expect(res.status).toBe(404);
      expect(res.text).toMatch(/<html lang="zh"/);
      expect(res.text).toContain('<h1>404 Page Not Found</h1>');
      expect(res.text).toContain('Did you forget to add the page to the router?');
      expect(res.text).toContain('页面未找到');
    });

    it('serves hashed client assets as immutable and 404s missing ones as plain text', async () => {
      const asset = fs.readdirSync(path.join(clientDir, 'assets')).find((file) => file.endsWith('.js'));
      const hit = await request(app).get(`/assets/${asset}`);
      expect(hit.status).toBe(200);
      expect(hit.headers['cache-control']).toMatch(/immutable/);

      const miss = await request(app).get('/assets/missing.js');
      expect(miss.status).toBe(404);
      expect(miss.headers['content-type']).toMatch(/text\/plain/);
    });

    it('never serves source maps', async () => {
      expect((await request(app).get('/assets/entry.client.js.map')).status).toBe(404);
      expect((await request(app).get('/admin/assets/index-Ab12Cd34.js.map')).status).toBe(404);
    });

    it('sets a request id, or reuses a well-formed incoming one', async () => {
      const fresh = await request(app).get('/');
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const reused = await request(app).get('/').set('x-request-id', 'trace-42');
      expect(reused.headers['x-request-id']).toBe('trace-42');
      const replaced = await request(app).get('/').set('x-request-id', 'bad id\twith spaces');
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('/admin', () => {
    it.each(['/admin', '/admin/', '/admin/login', '/admin/students/123'])('answers the deep link %s with index.html', async (link) => {
      const res = await request(app).get(link);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('admin shell');
    });

    it.each(['/admin', '/admin/', '/admin/students/123'])('answers %s with the page that preloads react-admin when the visitor has a session cookie', async (link) => {
      const res = await request(app).get(link).set('Cookie', 'lng=zh; aipm.sid=s%3Aany');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/Cookie/);
      expect(res.text).toContain('admin shell');
      expect(res.text).toContain('rel="modulepreload" href="/admin/assets/AdminApp-Ef56Gh78.js"');
    });

    it.each([
      ['/admin/login', 'aipm.sid=s%3Aany'],
      ['/admin/login/', 'aipm.sid=s%3Aany'],
      ['/admin/students/123', 'lng=zh'],
      ['/admin/students/123', 'not-aipm.sid=x'],
    ])('answers %s (cookie %s) with index.html, which preloads nothing', async (link, cookie) => {
      const res = await request(app).get(link).set('Cookie', cookie);
      expect(res.text).toContain('admin shell');
      expect(res.text).not.toContain('modulepreload');
    });

    it.each([
      ['/admin/queues', '/api/admin/queues'],
      ['/admin/queues/queue/crawl?status=failed', '/api/admin/queues/queue/crawl?status=failed'],
    ])('sends %s to Bull Board in the API', async (link, location) => {
      const res = await request(app).get(link);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(location);
    });

    it('leaves admin screens whose name only starts with "queues" to the SPA', async () => {
      const res = await request(app).get('/admin/queues-report');
      expect(res.status).toBe(200);
      expect(res.text).toContain('admin shell');
    });

    it('serves hashed admin assets with a long cache', async () => {
      const res = await request(app).get('/admin/assets/index-Ab12Cd34.js');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it.each(['/admin/assets/missing.js', '/admin/logo-missing.png'])('answers a missing file %s with 404, not the SPA', async (file) => {
      const res = await request(app).get(file);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('admin shell');
    });

    it('answers 503 naming the build command when the admin build is absent', async () => {
      const missing = path.join(os.tmpdir(), `aipm-admin-missing-${process.pid}`);
      const bare = createFrontDoor({ apiUrl: api.url, adminDist: missing, build, clientDir, logger });
      const res = await request(bare).get('/admin/login');
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.text).toContain('npm run build -w @aipm/admin');
    });
  });

  describe('/api', () => {
    it('forwards the path, query and request id to the API', async () => {
      const res = await request(app).get('/api/anything/deeper?page=2').set('x-request-id', 'req-123');
      expect(res.status).toBe(200);
      const echoed = res.body as EchoedRequest;
      expect(echoed.url).toBe('/api/anything/deeper?page=2');
      expect(echoed.headers['x-request-id']).toBe('req-123');
      expect(res.headers['x-request-id']).toBe('req-123');
      expect(echoed.headers['x-forwarded-for']).toBeDefined();
      expect(echoed.headers['x-forwarded-proto']).toBe('http');
      expect(echoed.headers['x-forwarded-host']).toBeDefined();
    });

    it("puts the site's security headers on an API answer, with a CSP that allows nothing in place of a page's", async () => {
      const res = await request(app).get('/api/echo');
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
      expect(res.headers['permissions-policy']).toContain('camera=()');
      // Nothing of a page: no nonce, no compression of what the API chose to send as it is.
      expect(res.headers['content-security-policy']).not.toContain('nonce');
      expect(res.headers['content-encoding']).toBeUndefined();
    });

    it('refuses a path whose percent-encoding is not UTF-8 before the hop, as the API would', async () => {
      const res = await request(app).get('/api/%ff');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(res.headers['x-request-id']).toBeDefined();
    });

    it('forwards a generated request id when the browser sent none', async () => {
      const res = await request(app).get('/api/health');
      expect((res.body as EchoedRequest).headers['x-request-id']).toBe(res.headers['x-request-id']);
    });

    it('forwards request bodies untouched', async () => {
      const res = await request(app).post('/api/public/contact').send({ name: '张三' });
      const echoed = res.body as EchoedRequest;
      expect(echoed.method).toBe('POST');
      expect(JSON.parse(echoed.body)).toEqual({ name: '张三' });
    });

    it('does not forward paths that merely start with "api"', async () => {
      const res = await request(app).get('/apiary');
      expect(res.status).toBe(404);
      expect(res.text).toContain('404 Page Not Found');
    });

    it('passes server-sent events through as they are written: neither buffered nor compressed', async () => {
      // A stand-in API that sends one event, then a second only once the browser side has received the first.
      let sendSecond: () => void = () => undefined;
      const sse = http.createServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
        res.write('data: {"type":"progress","pagesDone":1}\n\n');
        sendSecond = () => res.end('data: {"type":"finished"}\n\n');
      });
      await new Promise<void>((resolve) => sse.listen(0, '127.0.0.1', resolve));
      const front = createFrontDoor({ apiUrl: `http://127.0.0.1:${(sse.address() as AddressInfo).port}`, adminDist, build, clientDir, logger }).listen(0, '127.0.0.1');
      await new Promise((resolve) => front.once('listening', resolve));
      try {
        const received = await new Promise<{ headers: http.IncomingHttpHeaders; chunks: string[] }>((resolve, reject) => {
          const chunks: string[] = [];
          const req = http.get(
            { host: '127.0.0.1', port: (front.address() as AddressInfo).port, path: '/api/admin/crawler/events', headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' } },
            (res) => {
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => {
                chunks.push(chunk);
                // The first event arrived while the API still holds the stream open: nothing waited for its end.
                if (chunks.length === 1) setTimeout(() => sendSecond(), 1500);
              });
              res.on('end', () => resolve({ headers: res.headers, chunks }));
            },
          );
          req.on('error', reject);
        });
        expect(received.headers['content-type']).toBe('text/event-stream');
        expect(received.headers['content-encoding']).toBeUndefined();
        expect(received.chunks[0]).toBe('data: {"type":"progress","pagesDone":1}\n\n');
        expect(received.chunks.join('')).toContain('data: {"type":"finished"}');
      } finally {
        await new Promise((resolve) => front.close(resolve));
        await new Promise((resolve) => sse.close(resolve));
      }
    });

    it('answers 502 with the error envelope when the API is down', async () => {
      const down = createFrontDoor({ apiUrl: `http://127.0.0.1:${await refusingPort()}`, adminDist, build, clientDir, logger });
      const res = await request(down).get('/api/health');
      expect(res.status).toBe(502);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ success: false, code: 'API_UNAVAILABLE', message: 'API 服务暂时不可用，请稍后重试' });
    });
  });

  describe('/api downloads that fail', () => {
    /**
     * A stand-in API that speaks as the real one does around a CSV export: an error envelope when the export
     * cannot start, and a chunked CSV whose connection is destroyed (no final chunk) when it fails midway.
     */
    async function startFailingApi(): Promise<{ url: string; close: () => Promise<void> }> {
      const server = http.createServer((req, res) => {
        if (req.url === '/api/registrations/export?cannot-start') {
          res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ success: false, code: 'DATABASE_UNAVAILABLE', message: '数据库暂时不可用，请稍后重试' }));
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' });
        res.write('\uFEFF报名时间,姓名\r\n'.padEnd(64 * 1024, 'x'));
        setTimeout(() => res.destroy(), 50);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
    }

    /** What the browser receives from the front door, over a real socket. */
    async function browserGet(door: Express, urlPath: string): Promise<{ status: number; body: string; complete: boolean; error: string | null }> {
      const server = http.createServer(door);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        return await new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the front door neither ended nor aborted the answer')), 5_000);
          http
            .get(`http://127.0.0.1:${port}${urlPath}`, (res) => {
              let body = '';
              let error: string | null = null;
              res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
              res.on('error', (failure) => (error = failure.message));
              res.on('close', () => {
                clearTimeout(timer);
                resolve({ status: res.statusCode ?? 0, body, complete: res.complete, error });
              });
            })
            .on('error', reject);
        });
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }

    let failing: Awaited<ReturnType<typeof startFailingApi>>;
    let door: Express;
    beforeAll(async () => {
      failing = await startFailingApi();
      door = createFrontDoor({ apiUrl: failing.url, adminDist, build, clientDir, logger });
    });
    afterAll(() => failing.close());

    it('passes an export that cannot start through as the API\'s error envelope', async () => {
      const answer = await browserGet(door, '/api/registrations/export?cannot-start');
      expect(answer).toMatchObject({ status: 503, complete: true, error: null });
      expect(JSON.parse(answer.body)).toEqual({ success: false, code: 'DATABASE_UNAVAILABLE', message: '数据库暂时不可用，请稍后重试' });
    });

    it('aborts the browser\'s transfer when the API\'s is cut midway, rather than ending a short file cleanly', async () => {
      const answer = await browserGet(door, '/api/registrations/export');
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeGreaterThan(0);
      expect({ complete: answer.complete, error: answer.error }).toEqual({ complete: false, error: 'aborted' });
    });
  });

  describe('/api when the API stalls or dies: bounded waits, an envelope, a kept-alive pool', () => {
    // Short bounds so the suite stays quick; the defaults (API_TIMEOUTS) are the same rule at 15 s and 120 s.
    const apiTimeouts = { answerMs: 600, longLivedMs: 2_500 };
    const CLIENT_GIVES_UP_MS = 4_000;

    interface Received {
      status: number;
      body: string;
      complete: boolean;
      error: string | null;
      /** From the request's start to the end (or abort) of the answer. */
      ms: number;
    }

    /** A stand-in API whose every request is handled by `handler`; counts the connections it accepted. */
    async function startApi(handler: http.RequestListener): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
      const server = http.createServer(handler);
      let connections = 0;
      server.on('connection', () => (connections += 1));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${port}`,
        connections: () => connections,
        close: () => {
          server.closeAllConnections();
          return new Promise((resolve) => server.close(() => resolve()));
        },
      };
    }

    /** The front door with short API bounds, listening on a real socket. */
    async function startDoor(apiUrl: string): Promise<{ port: number; close: () => Promise<void> }> {
      const options = { apiUrl, adminDist, build, clientDir, logger, apiTimeouts };
      const server = http.createServer(createFrontDoor(options));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return {
        port: (server.address() as AddressInfo).port,
        close: () => {
          server.closeAllConnections();
          return new Promise((resolve) => server.close(() => resolve()));
        },
      };
    }

    /** What a browser receives; fails the test when the front door neither answers nor aborts in time. */
    function browserGet(port: number, urlPath: string, onSent: () => void = () => undefined): Promise<Received> {
      const started = performance.now();
      return new Promise((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
          let body = '';
          let error: string | null = null;
          res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          res.on('error', (failure) => (error = failure.message));
          res.on('close', () => {
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, body, complete: res.complete, error, ms: Math.round(performance.now() - started) });
          });
        });
        const timer = setTimeout(() => {
          req.destroy();
          reject(new Error(`the front door had not answered ${urlPath} after ${CLIENT_GIVES_UP_MS} ms: the client gave up`));
        }, CLIENT_GIVES_UP_MS);
        req.on('error', reject);
        onSent();
      });
    }

    it('answers 504 API_TIMEOUT with the envelope when the API accepts the request and never answers', async () => {
      const stalled = await startApi(() => undefined);
      const door = await startDoor(stalled.url);
      try {
        const answer = await browserGet(door.port, '/api/jobs');
        expect(answer.status).toBe(504);
        expect(JSON.parse(answer.body)).toEqual({ success: false, code: 'API_TIMEOUT', message: 'API 服务响应超时，请稍后重试' });
        expect(answer.ms).toBeGreaterThanOrEqual(apiTimeouts.answerMs - 50);
        expect(answer.ms).toBeLessThan(apiTimeouts.answerMs + 1_000);
      } finally {
        await door.close();
        await stalled.close();
      }
    });

    it('aborts the browser\'s transfer when the API falls silent after its headers', async () => {
      const silent = await startApi((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"success":true,');
      });
      const door = await startDoor(silent.url);
      try {
        const answer = await browserGet(door.port, '/api/registrations?page=1');
        expect(answer).toMatchObject({ status: 200, complete: false, error: 'aborted' });
        expect(answer.ms).toBeLessThan(apiTimeouts.answerMs + 1_000);
      } finally {
        await door.close();
        await silent.close();
      }
    });

    it('answers 502 API_UNAVAILABLE at once when the API process is killed while it handles the request', async () => {
      // A real process, killed as the supervisor or the kernel would: its sockets close with it.
      const child = spawn(
        process.execPath,
        ['-e', "const s=require('node:http').createServer(()=>console.log('request'));s.listen(0,'127.0.0.1',()=>console.log('port '+s.address().port))"],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const lines: string[] = [];
      const waitFor = (line: string) =>
        new Promise<void>((resolve) => {
          const check = () => (lines.some((each) => each.startsWith(line)) ? resolve() : setTimeout(check, 10));
          check();
        });
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.trim().split('\n')));
      await waitFor('port ');
      const port = lines.find((line) => line.startsWith('port '))!.slice('port '.length);
      const door = await startDoor(`http://127.0.0.1:${port}`);
      try {
        let killedAt = 0;
        const answer = await browserGet(door.port, '/api/registrations', () => {
          void waitFor('request').then(() => {
            killedAt = performance.now();
            child.kill('SIGKILL');
          });
        });
        const afterKill = performance.now() - killedAt;
        expect(answer.status).toBe(502);
        expect(JSON.parse(answer.body)).toEqual({ success: false, code: 'API_UNAVAILABLE', message: 'API 服务暂时不可用，请稍后重试' });
        expect(afterKill).toBeLessThan(500);
      } finally {
        child.kill('SIGKILL');
        await door.close();
      }
    });

    it('keeps the long-lived routes open past the ordinary bound: the crawl event stream and CSV exports', async () => {
      const slow = await startApi((req, res) => {
        if (req.url === '/api/admin/crawler/events') {
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          res.write('data: {"type":"started"}\n\n');
          // Silent for longer than an ordinary call may be (the real stream sends a keep-alive every 15 s).
          setTimeout(() => res.end('data: {"type":"finished"}\n\n'), apiTimeouts.answerMs * 2);
        } else {
          // An export whose first rows take longer than an ordinary answer may.
          setTimeout(() => {
            res.writeHead(200, { 'Content-Type': 'text/csv' });
            res.end('a,b\r\n');
          }, apiTimeouts.answerMs * 2);
        }
      });
      const door = await startDoor(slow.url);
      try {
        const [events, csv] = await Promise.all([browserGet(door.port, '/api/admin/crawler/events'), browserGet(door.port, '/api/registrations/export?status=new')]);
        expect(events).toMatchObject({ status: 200, complete: true, body: 'data: {"type":"started"}\n\ndata: {"type":"finished"}\n\n' });
        expect(csv).toMatchObject({ status: 200, complete: true, body: 'a,b\r\n' });
      } finally {
        await door.close();
        await slow.close();
      }
    });

    it.each([
      '/api/admin/crawler-config/test',
      '/api/admin/crawl/run',
      '/api/admin/zhaopin/search',
      '/api/admin/test-phone',
      '/api/admin/test-aliyun-phone',
      '/api/admin/lead-imports',
      '/api/admin/lead-imports/dry-run',
      '/api/admin/lead-imports/3f2b8c1e-7a4d-4e0b-9c51-2d6f8a9b0c12/undo',
    ])(
      'waits past the ordinary bound on %s, which waits on the worker, a phone provider or a long transaction by design',
      async (route) => {
        const slow = await startApi((_req, res) => {
          setTimeout(() => {
            res.writeHead(200, { 'Content-Type': 'application/json' });
            res.end('{"success":true}');
          }, apiTimeouts.answerMs * 2);
        });
        const door = await startDoor(slow.url);
        try {
          const answer = await fetch(`http://127.0.0.1:${door.port}${route}`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
          expect({ status: answer.status, body: await answer.text() }).toEqual({ status: 200, body: '{"success":true}' });
        } finally {
          await door.close();
          await slow.close();
        }
      },
    );

    it('still gives up on a long-lived route that stays silent past its own bound', async () => {
      const stalled = await startApi(() => undefined);
      const door = await startDoor(stalled.url);
      try {
        const answer = await browserGet(door.port, '/api/registrations/export');
        expect(answer.status).toBe(504);
        expect(answer.ms).toBeGreaterThanOrEqual(apiTimeouts.longLivedMs - 50);
      } finally {
        await door.close();
        await stalled.close();
      }
    });

    it('reuses its connections to the API (a kept-alive pool), whatever Connection the browser sends', async () => {
      const echo = await startApi((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"success":true}');
      });
      const door = await startDoor(echo.url);
      try {
        for (let index = 0; index < 5; index += 1) {
          const answer = await browserGet(door.port, `/api/jobs?n=${index}`);
          expect(answer.status).toBe(200);
        }
        expect(echo.connections()).toBe(1);
      } finally {
        await door.close();
        await echo.close();
      }
    });
  });

  describe('security headers and forwarded values', () => {
    const cspOf = (res: request.Response) => String(res.headers['content-security-policy'] ?? '');

    it('allows the inline scripts of a page by a nonce that changes on every answer', async () => {
      const [first, second] = await Promise.all([request(app).get('/'), request(app).get('/')]);
      const nonces = [first, second].map((res) => /'nonce-([^']+)'/.exec(cspOf(res))?.[1]);
      expect(nonces[0]).toBeTruthy();
      expect(nonces[0]).not.toBe(nonces[1]);
      expect(cspOf(first)).toContain("'strict-dynamic'");
      expect(cspOf(first)).toContain("frame-ancestors 'none'");
      const scripts = first.text.match(/<script\b[^>]*>/g) ?? [];
      const executable = scripts.filter((tag) => !tag.includes('application/ld+json'));
      expect(executable.length).toBeGreaterThan(0);
      for (const tag of executable) expect(tag).toContain(`nonce="${nonces[0]}"`);
    });

    it('gives the back office its own policy, and no page may be framed', async () => {
      const res = await request(app).get('/admin/login');
      expect(cspOf(res)).toContain("script-src 'self';");
      expect(cspOf(res)).toContain("frame-ancestors 'none'");
      expect(cspOf(res)).not.toContain('nonce-');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['permissions-policy']).toContain('camera=()');
    });

    it('sends HSTS only over https, as told by a trusted proxy', async () => {
      expect((await request(app).get('/')).headers['strict-transport-security']).toBeUndefined();
      // The client itself claims https: not believed without TRUST_PROXY.
      expect((await request(app).get('/').set('X-Forwarded-Proto', 'https')).headers['strict-transport-security']).toBeUndefined();
      const behindProxy = createFrontDoor({ apiUrl: api.url, adminDist, build, clientDir, logger, trustProxy: 'loopback' });
      const res = await request(behindProxy).get('/').set('X-Forwarded-Proto', 'https');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });

    it("forwards the front door's own X-Forwarded-* to the API, not a client's", async () => {
      const res = await request(app).get('/api/echo').set('X-Forwarded-Host', 'evil.example').set('X-Forwarded-Proto', 'https').set('X-Forwarded-For', '203.0.113.9');
      const echoed = res.body as EchoedRequest;
      expect(echoed.headers['x-forwarded-host']).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(echoed.headers['x-forwarded-proto']).toBe('http');
      expect(echoed.headers['x-forwarded-for']).not.toContain('203.0.113.9');
    });

    it('keeps a trusted proxy\'s X-Forwarded-* and builds links from them', async () => {
      const behindProxy = createFrontDoor({ apiUrl: api.url, adminDist, build, clientDir, logger, trustProxy: 'loopback', publicHosts: 'www.example.cn' });
      const res = await request(behindProxy).get('/privacy-policy').set('X-Forwarded-Host', 'www.example.cn').set('X-Forwarded-Proto', 'https');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<link rel="canonical" href="https://www.example.cn/privacy-policy"');
    });

    it('never puts a client-chosen host into links: an X-Forwarded-Host is dropped, an unknown Host refused', async () => {
      const page = await request(app).get('/privacy-policy').set('X-Forwarded-Host', 'evil.example');
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('evil.example');
      const unknown = await request(app).get('/privacy-policy').set('Host', 'evil.example');
      expect(unknown.status).toBe(400);
      expect(unknown.text).not.toContain('evil.example');
      const api = await request(app).get('/api/health').set('Host', 'evil.example');
      expect(api.status).toBe(400);
      expect(api.body).toEqual({ success: false, code: 'UNKNOWN_HOST', message: '请求的主机名不属于本站' });
    });

    it("serves SITE_URL's host and PUBLIC_HOSTS", async () => {
      const configured = createFrontDoor({ apiUrl: api.url, adminDist, build, clientDir, logger, siteUrl: 'https://aipm.example.cn', publicHosts: 'aipm-backup.example.cn' });
      for (const host of ['aipm.example.cn', 'AIPM-BACKUP.example.cn:8080', 'localhost:3000']) {
        expect((await request(configured).get('/robots.txt').set('Host', host)).status).toBe(200);
      }
    });
  });

  describe('logs', () => {
    function captureLogs(): { lines: () => Array<Record<string, unknown>>; text: () => string; write: (line: string) => void } {
      let text = '';
      return { write: (line) => (text += line), text: () => text, lines: () => text.trim().split('\n').map((line) => JSON.parse(line)) };
    }

    it('writes one line per request with the request id, and never the credentials', async () => {
      const logs = captureLogs();
      const logged = createFrontDoor({ apiUrl: api.url, adminDist, build, clientDir, logger: createLogger('info', logs) });
      await request(logged).get('/privacy-policy').set('Cookie', 'aipm.sid=s%3Asecret-session').set('Authorization', 'Bearer secret-token').set('x-request-id', 'log-1');
      const line = logs.lines().find((entry) => (entry.req as { id?: string } | undefined)?.id === 'log-1');
      expect(line).toMatchObject({ app: 'web', req: { method: 'GET', url: '/privacy-policy' }, res: { statusCode: 200 } });
      expect(logs.text()).not.toContain('secret');
    });

    it('logs pages at info and static files at debug, and leaves an answered API call to the API\'s own line', async () => {
      const logs = captureLogs();
      const logged = createFrontDoor({ apiUrl: api.url, adminDist, build, clientDir, logger: createLogger('info', logs) });
      await request(logged).get('/favicon.svg').set('x-request-id', 'static-1');
      await request(logged).get('/admin/assets/index-Ab12Cd34.js').set('x-request-id', 'static-2');
      await request(logged).get('/privacy-policy').set('x-request-id', 'page-1');
      const forwarded = await request(logged).get('/api/echo.json').set('x-request-id', 'api-1');
      // The API received the id, so its line (one per request) carries it.
      expect((forwarded.body as EchoedRequest).headers['x-request-id']).toBe('api-1');
      const ids = logs.lines().map((entry) => (entry.req as { id?: string } | undefined)?.id);
      expect(ids).toContain('page-1');
      expect(ids).not.toContain('api-1');
      expect(ids).not.toContain('static-1');
      expect(ids).not.toContain('static-2');
    });

    it('logs an API call the API cannot answer once, at warn', async () => {
      const logs = captureLogs();
      const down = createFrontDoor({ apiUrl: `http://127.0.0.1:${await refusingPort()}`, adminDist, build, clientDir, logger: createLogger('info', logs) });
      expect((await request(down).get('/api/admin/check').set('x-request-id', 'down-1')).status).toBe(502);
      const lines = logs.lines().filter((entry) => (entry.req as { id?: string } | undefined)?.id === 'down-1');
      expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'API request failed' })]);
    });

    it('logs a browser leaving an event stream at debug, never warn', async () => {
      // An event stream the API holds open, as the crawler's is, until the browser leaves.
      let apiSawTheEnd!: () => void;
      const apiClosed = new Promise<void>((resolve) => (apiSawTheEnd = resolve));
      const sseApi = http.createServer((req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
        res.write('data: {"type":"progress"}\n\n');
        req.socket.once('close', () => apiSawTheEnd());
      });
      await new Promise<void>((resolve) => sseApi.listen(0, '127.0.0.1', resolve));
      const logs = captureLogs();
      const door = http.createServer(createFrontDoor({ apiUrl: `http://127.0.0.1:${(sseApi.address() as AddressInfo).port}`, adminDist, build, clientDir, logger: createLogger('debug', logs) }));
      await new Promise<void>((resolve) => door.listen(0, '127.0.0.1', resolve));
      try {
        await new Promise<void>((resolve, reject) => {
          const browser = http.get({ host: '127.0.0.1', port: (door.address() as AddressInfo).port, path: '/api/admin/crawler/events', headers: { 'x-request-id': 'left-1' } }, (res) => {
            res.once('data', () => {
              browser.destroy();
              resolve();
            });
          });
          browser.on('error', () => undefined);
          setTimeout(() => reject(new Error('no event arrived')), 5_000);
        });
        await apiClosed;
        const said = await waitForLine(logs, (entry) => (entry.req as { id?: string } | undefined)?.id === 'left-1' && entry.level === 20);
        expect(said.msg).toBe("the browser left before the API's answer ended");
        const ours = logs.lines().filter((entry) => (entry.req as { id?: string } | undefined)?.id === 'left-1');
        expect(ours.filter((entry) => (entry.level as number) >= 30)).toEqual([]);
      } finally {
        door.closeAllConnections();
        sseApi.closeAllConnections();
        await new Promise((resolve) => door.close(resolve));
        await new Promise((resolve) => sseApi.close(resolve));
      }
    });

    /** The first captured line `matches` accepts, once it is written (the proxy logs after the sockets close). */
    async function waitForLine(logs: ReturnType<typeof captureLogs>, matches: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
      for (let waited = 0; waited < 5_000; waited += 20) {
        const found = logs.text() ? logs.lines().find(matches) : undefined;
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no such line in:\n${logs.text()}`);
    }

    it("never writes a storage URL's signature or credential, at any level", async () => {
      const logs = captureLogs();
      const storage = { endpoint: process.env.S3_ENDPOINT!, bucket: 'aipm-front-door-logs', accessKey: process.env.S3_ACCESS_KEY!, secretKey: process.env.S3_SECRET_KEY!, region: process.env.S3_REGION ?? 'us-east-1' };
      const store = new Client(s3ClientOptions({ S3_ENDPOINT: storage.endpoint, S3_ACCESS_KEY: storage.accessKey, S3_SECRET_KEY: storage.secretKey, S3_REGION: storage.region }));
      if (!(await store.bucketExists(storage.bucket))) await store.makeBucket(storage.bucket);
      const logged = createFrontDoor({ apiUrl: api.url, adminDist, build, clientDir, storage, logger: createLogger('trace', logs) });
      const underStorage = (signed: string) => `/storage${new URL(signed).pathname}${new URL(signed).search}`;
      const uploadKey = `incoming/contracts/${randomUUID()}.pdf`;
      const put = await store.presignedPutObject(storage.bucket, uploadKey, 300);
      await request(logged).put(underStorage(put)).set('Content-Type', 'application/pdf').send('%PDF-1.7\n').expect(200);
      const fileKey = `contracts/${randomUUID()}.pdf`;
      await store.putObject(storage.bucket, fileKey, Buffer.from('%PDF-1.7\n'));
      const view = await store.presignedGetObject(storage.bucket, fileKey, 60);
      await request(logged).get(underStorage(view)).expect(200);

      const signatures = [put, view].map((signed) => new URL(signed).searchParams.get('X-Amz-Signature')!);
      expect(logs.text()).toContain(fileKey.slice('contracts/'.length));
      for (const signature of signatures) expect(logs.text()).not.toContain(signature);
      expect(logs.text()).not.toContain(storage.accessKey);
    });

    it('redacts credentials even where a log call passes headers on purpose', () => {
      const logs = captureLogs();
      createLogger('info', logs).info({ req: { headers: { cookie: 'aipm.sid=secret', authorization: 'Bearer secret' } }, body: { password: 'secret' } }, 'x');
      expect(logs.lines()[0]).toMatchObject({ req: { headers: { cookie: '[redacted]', authorization: '[redacted]' } }, body: { password: '[redacted]' } });
    });
  });
});
