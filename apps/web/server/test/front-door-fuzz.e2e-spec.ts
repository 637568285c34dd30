import { isErrorCode } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import fc from 'fast-check';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { type PrivateRedis, startPrivateRedis } from '../../../../tools/testing/private-servers';
import { type SpawnedProcess, spawnProcess, waitForProcess } from '../../../../tools/testing/process';
import { serverPort } from '../../../../tools/testing/services';

/*
 * The built front door in front of the built API, as `npm start` runs them, under requests no browser sends:
 * every method, content types and bodies no form posts, bodies on the landing's `?index` action, and paths
 * whose percent-encoding is not UTF-8 (ADR 038). Needs `npm run build` (npm test does).
 */
jest.setTimeout(180_000);

const API_MAIN = path.resolve(__dirname, '../../../api/dist/main.js');
const WEB_MAIN = path.resolve(__dirname, '../dist/main.js');
const WEB_BUILD = path.resolve(__dirname, '../../build/server/index.js');
const ADMIN_INDEX = path.resolve(__dirname, '../../../admin/dist/index.html');

// FUZZ_SEED reproduces a run; FUZZ_REQUESTS makes it longer.
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 300);

const FORM = 'intent=registration&name=%E5%BC%A0%E4%B8%89&phone=13912345678&email=a%40example.com&school=x&major=y&goals=z&agreement=on';
const BOUNDARY = 'aipmfuzzboundary';
const MULTIPART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nregistration\r\n--${BOUNDARY}--\r\n`;

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'PURGE'];
const PATHS = [
  '/', '/?index', '/?index&_data=routes%2F_index', '/_root.data?index', '/?lng=en', '/?lng=%ff', '/privacy-policy', '/privacy-policy?lng=%c0',
  '/terms-of-service?index', '/no-such-page', '/robots.txt', '/sitemap.xml', '/qr/wechat.svg', '/assets/none.js', '/favicon.ico',
  '/admin', '/admin/login', '/admin/%ff', '/api/health', '/api/registrations', '/api/contact', '/api/jobs?limit=%ff', '/api/%ff',
  '/student/offers', '/student/offers.data', '/student/offers?lng=en',
  '/%ff', '/%c0%ae%c0%ae/', '/%', '/%zz', '/%e4%b8', '/a%00b', '/..%2f..%2fetc%2fpasswd', '//', '/%2e%2e/', '/?%ff=%ff', '/?index=%',
];
const CONTENT_TYPES = [
  undefined, 'text/plain', 'text/plain;charset=UTF-8', 'application/json', 'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=latin1',
  'multipart/form-data', `multipart/form-data; boundary=${BOUNDARY}`, 'multipart/form-data; boundary=', 'multipart/form-data; boundary="unclosed', 'application/xml', '%%%', '',
];
const BODIES = ['', FORM, 'a=%ff&b=%&intent=%c0', '{"intent":"registration"}', MULTIPART, '--wrong\r\nbroken', '\u0000\u0001\u0002', 'intent=contact', 'x'.repeat(70 * 1024)];

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** One raw request: the path goes out exactly as written (no client normalises it). */
function send(port: number, method: string, target: string, contentType: string | undefined, body: string): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    if (contentType !== undefined) headers['Content-Type'] = contentType;
    const withBody = body !== '' && method !== 'GET' && method !== 'HEAD';
    if (withBody) headers['Content-Length'] = String(Buffer.byteLength(body));
    const req = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent: false, timeout: 15_000 }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: text }));
      res.on('error', (error) => resolve({ status: 598, type: '', body: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 15 s')));
    req.on('error', (error) => resolve({ status: 599, type: '', body: error.message }));
    req.end(withBody ? body : undefined);
  });
}

/**
 * Never a 5xx; an API failure is the envelope with a code of the catalog. A page's own 4xx (Remix's 404 page,
 * its 405 of a route without an action) is Remix's to word; the front door's refusals are checked one by one.
 */
function problemOf(method: string, target: string, answer: Answer): string | null {
  if (answer.status >= 500) return 'server error';
  // A HEAD answer has no body to hold the envelope.
  if (answer.status < 400 || !target.startsWith('/api/') || method === 'HEAD') return null;
  try {
    const envelope = JSON.parse(answer.body) as { success?: unknown; code?: unknown; message?: unknown };
    if (envelope.success !== false || !isErrorCode(envelope.code) || typeof envelope.message !== 'string') return 'no error envelope';
    return null;
  } catch {
    return 'unreadable JSON';
  }
}

describe('the front door under hostile requests', () => {
  let database: TestDatabase;
  let redis: PrivateRedis;
  let api: SpawnedProcess;
  let web: SpawnedProcess;
  let port: number;

  beforeAll(async () => {
    for (const file of [API_MAIN, WEB_MAIN, WEB_BUILD, ADMIN_INDEX]) {
      if (!fs.existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first (npm test does)`);
    }
    [database, redis] = await Promise.all([createTestDatabase(), startPrivateRedis()]);
    const apiPort = await serverPort();
    port = await serverPort();
    api = spawnProcess('node', [API_MAIN], {
      ...process.env,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      API_PORT: String(apiPort),
      API_PROCESSES: '1',
      LOG_LEVEL: 'warn',
      // Every form request reaches the API's validation, not the per-IP limit (all come from 127.0.0.1).
      FORM_RATE_LIMIT_PER_MINUTE: '100000',
    });
    web = spawnProcess('node', [WEB_MAIN], {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: `http://127.0.0.1:${apiPort}`,
      LOG_LEVEL: 'warn',
    });
    await waitForProcess(web, async () => ((await send(port, 'GET', '/api/health', undefined, '')).status === 200 ? true : undefined), 90_000, 250);
  });

  afterAll(async () => {
    web?.kill('SIGTERM');
    api?.kill('SIGTERM');
    await Promise.all([web?.exited, api?.exited]);
    await redis?.stop();
    await database?.drop();
  });

  it('refuses the inputs that answered 500 before with a 4xx and a code', async () => {
    const cases: [string, string, string, string | undefined, string, number, string][] = [
      ['a text/plain body on the landing action', 'POST', '/?index', 'text/plain', FORM, 415, 'REQUEST_FAILED'],
      ['a multipart body that does not match its boundary', 'POST', '/?index', 'multipart/form-data; boundary=other', MULTIPART, 415, 'REQUEST_FAILED'],
      ['a multipart body without a boundary', 'POST', '/?index', 'multipart/form-data', MULTIPART, 415, 'REQUEST_FAILED'],
      ['a JSON body on the landing action', 'POST', '/?index', 'application/json', '{"intent":"registration"}', 415, 'REQUEST_FAILED'],
      ['no body and no type on the landing action', 'POST', '/?index', undefined, '', 415, 'REQUEST_FAILED'],
      ['TRACE, which Remix cannot make a Request of', 'TRACE', '/', undefined, '', 405, 'REQUEST_FAILED'],
      ['OPTIONS on the landing action', 'OPTIONS', '/?index', undefined, '', 405, 'REQUEST_FAILED'],
      ['a byte that is no UTF-8', 'GET', '/%ff', undefined, '', 400, 'BAD_REQUEST'],
      ['an overlong UTF-8 dot-dot', 'GET', '/%c0%ae%c0%ae/', undefined, '', 400, 'BAD_REQUEST'],
      ['a cut percent sign', 'GET', '/privacy-policy%', undefined, '', 400, 'BAD_REQUEST'],
      ['a multipart body on a page without files', 'POST', '/student', `multipart/form-data; boundary=${BOUNDARY}`, MULTIPART, 415, 'REQUEST_FAILED'],
      ['a JSON body on the page with files', 'POST', '/student/offers', 'application/json', '{"intent":"registration"}', 415, 'REQUEST_FAILED'],
    ];
    for (const [what, method, target, contentType, body, status, code] of cases) {
      const answer = await send(port, method, target, contentType, body);
      const envelope = answer.type.includes('json') ? (JSON.parse(answer.body) as { code?: string; message?: string }) : { code: answer.body.slice(0, 80) };
      expect({ what, status: answer.status, code: envelope.code }).toEqual({ what, status, code });
      expect(envelope.message).toBeTruthy();
    }
    // A broken multipart body where files are taken: the page's own answer (signed out: the sign-in page), not Remix's 500.
    for (const [contentType, body] of [
      ['multipart/form-data; boundary=other', MULTIPART],
      ['multipart/form-data', MULTIPART],
      [`multipart/form-data; boundary=${BOUNDARY}`, '--wrong\r\nbroken'],
    ]) {
      const answer = await send(port, 'POST', '/student/offers', contentType, body!);
      expect({ contentType, server: answer.status >= 500 }).toEqual({ contentType, server: false });
    }
    // The form a browser posts still reaches the API.
    const posted = await send(port, 'POST', '/?index&_data=routes%2F_index', 'application/x-www-form-urlencoded', FORM);
    expect(posted.status).toBeLessThan(500);
  });

  it('answers every generated request below 500, and every API failure in the error envelope', async () => {
    const findings: { call: string; status: number; body: string }[] = [];
    const cases = fc.sample(
      fc.record({
        method: fc.constantFrom(...METHODS),
        target: fc.constantFrom(...PATHS),
        contentType: fc.constantFrom(...CONTENT_TYPES),
        body: fc.constantFrom(...BODIES),
      }),
      { numRuns: REQUESTS, seed: SEED },
    );
    let sent = 0;
    for (const { method, target, contentType, body } of cases) {
      const answer = await send(port, method, target, contentType, body);
      sent += 1;
      const problem = problemOf(method, target, answer);
      if (problem) findings.push({ call: `${method} ${target} [${contentType ?? 'no type'}] ${JSON.stringify(body.slice(0, 60))}`, status: answer.status, body: `${problem}: ${answer.body.slice(0, 160)}` });
    }
    const serverErrors = findings.filter(({ status }) => status >= 500).length;
    console.log(`front door fuzz: ${sent} requests (seed ${SEED}), ${serverErrors} answered 5xx, ${findings.length} broke the rules`);
    expect(findings.slice(0, 25)).toEqual([]);
  });
});
