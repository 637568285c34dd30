import { LOGIN_ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { AuthService } from '../src/auth/auth.service';
import { DEVICE_COOKIE_NAME } from '../src/auth/device-cookie';
import { ACCOUNT_DELAY_MAX_MS } from '../src/auth/login-rate-limiter';
import { PASSWORD_HASHING_CONCURRENCY, PasswordHasher } from '../src/auth/password-hasher';
import { createApp } from '../src/bootstrap/create-app';
import { type PrivateRedis, startPrivateRedis } from '../../../tools/testing/private-servers';
import { apiError } from './support/api-errors';
import { testApiEnv } from './support/test-env';

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const BURST = 500;

/** The `name=value` of the device cookie an answer sets. */
function deviceCookie(setCookie: string[] | string | undefined): string {
  const line = [setCookie ?? []].flat().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE_NAME}=`));
  expect(line).toBeDefined();
  return line!.split(';')[0]!;
}

/**
 * docs/decisions/014-login-throttling.md and 037: the limit holds under a burst, and a
 * stranger hammering the administrator's email from elsewhere paces the owner's unknown browsers but never
 * locks the owner out. (Many addresses and the shared address: login-across-addresses.e2e-spec.ts.)
 * Its own Redis, so the counters of other suites never meet these.
 */
describe('login throttling', () => {
  let redis: PrivateRedis;
  let database: TestDatabase;
  let app: INestApplication;
  let baseUrl: string;

  /** The owner's device cookie (`aipm.device=…`) once a browser of theirs has signed in. */
  let ownerDevice = '';

  const login = (from: string, body: { email: string; password: string }, cookie = '') => {
    const call = request(baseUrl).post('/api/admin/login').set('X-Forwarded-For', from);
    if (cookie) call.set('Cookie', cookie);
    return call.send(body);
  };

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redis.url }));
    await app.listen(0, '127.0.0.1'); // one listener for the bursts (supertest would open one per request)
    const address = (app.getHttpServer() as Server).address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}`;
    await request(baseUrl).post('/api/admin/register').send(OWNER).expect(201);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await redis?.stop();
  });

  it(`checks at most ${LOGIN_FAILURE_LIMIT} passwords of a ${BURST}-request burst for one email, the rest 429`, async () => {
    const validate = jest.spyOn(app.get(AuthService), 'validateCredentials');
    const hasher = app.get(PasswordHasher);
    let peakHashing = 0;
    const sampler = setInterval(() => (peakHashing = Math.max(peakHashing, hasher.load.active)), 2);
    try {
      const answers = await Promise.all(
        Array.from({ length: BURST }, () => login('198.51.100.7', { email: OWNER.email, password: 'wrong-password' })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURE_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(BURST - LOGIN_FAILURE_LIMIT);
      expect(validate).toHaveBeenCalledTimes(LOGIN_FAILURE_LIMIT);
      const limited = answers.find((answer) => answer.status === 429)!;
      expect(limited.body).toEqual(apiError('LOGIN_RATE_LIMITED'));
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    } finally {
      clearInterval(sampler);
      validate.mockRestore();
    }
    expect(peakHashing).toBeLessThanOrEqual(PASSWORD_HASHING_CONCURRENCY);
    // The right password from that address is refused too: guessing stops there either way.
    await login('198.51.100.7', OWNER).expect(429);
  });

  it('paces the browsers the account does not know, never locks the owner out, and keeps pacing after their success', async () => {
    // By now the email has LOGIN_FAILURE_LIMIT failures, so its gate is closed: strangers elsewhere wait their turn.
    const strangers = ['192.0.2.10', '192.0.2.11', '192.0.2.12'];
    for (const stranger of strangers) {
      const answers = await Promise.all(
        Array.from({ length: LOGIN_FAILURE_LIMIT + 5 }, () => login(stranger, { email: OWNER.email, password: 'guess' })),
      );
      expect(answers.filter((answer) => answer.status === 401).length).toBeLessThanOrEqual(1);
      const paced = answers.filter((answer) => answer.status === 429);
      expect(paced.length).toBeGreaterThanOrEqual(LOGIN_FAILURE_LIMIT + 4);
      for (const answer of paced) {
        expect(answer.body).toEqual(apiError('LOGIN_THROTTLED'));
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(ACCOUNT_DELAY_MAX_MS / 1000);
      }
    }

    // The owner in a browser the account does not know waits as long as Retry-After says, then gets in …
    let owner = await login('203.0.113.50', OWNER);
    for (let tries = 1; owner.status === 429 && tries < 5; tries += 1) {
      expect(owner.body).toEqual(apiError('LOGIN_THROTTLED'));
      await sleep(Number(owner.headers['retry-after']) * 1000);
      owner = await login('203.0.113.50', OWNER);
    }
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ success: true, email: OWNER.email });
    await request(baseUrl).get('/api/admin/verify').set('Cookie', owner.headers['set-cookie']).expect(200);
    // … which does not reopen the gate: the strangers stay paced, while that browser, now known, is not.
    await login('192.0.2.10', { email: OWNER.email, password: 'guess' }).expect(429);
    ownerDevice = deviceCookie(owner.headers['set-cookie']);
    const startedAt = Date.now();
    await login('192.0.2.10', OWNER, ownerDevice).expect(200);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it(`refuses an address after ${LOGIN_ADDRESS_FAILURE_LIMIT} failures over any emails, not the owner elsewhere`, async () => {
    const address = '198.51.100.99';
    const answers = await Promise.all(
      Array.from({ length: LOGIN_ADDRESS_FAILURE_LIMIT + 20 }, (_, index) => login(address, { email: `guess${index}@example.com`, password: 'guess' })),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(LOGIN_ADDRESS_FAILURE_LIMIT);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(20);
    await login(address, { email: 'fresh@example.com', password: 'guess' }).expect(429);
    await login('203.0.113.51', OWNER, ownerDevice).expect(200);
  });
});
