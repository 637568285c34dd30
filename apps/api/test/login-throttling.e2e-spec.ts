import { LOGIN_ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import request from 'supertest';
import { AuthService } from '../src/auth/auth.service';
import { accountDelayMs } from '../src/auth/login-rate-limiter';
import { PASSWORD_HASHING_CONCURRENCY, PasswordHasher } from '../src/auth/password-hasher';
import { createApp } from '../src/bootstrap/create-app';
import { type PrivateRedis, startPrivateRedis } from '../../../tools/testing/private-servers';
import { apiError } from './support/api-errors';
import { testApiEnv } from './support/test-env';

const OWNER = { email: 'owner@example.com', password: 'owner-password-1' };
const BURST = 500;

/**
 * Issue 12 items 1 and 2 (docs/decisions/014-login-throttling.md): the limit holds under a burst, and a
 * stranger hammering the administrator's email from elsewhere slows the owner's sign-in but never locks it.
 * Its own Redis, so the counters of other suites never meet these.
 */
describe('login throttling', () => {
  let redis: PrivateRedis;
  let database: TestDatabase;
  let app: INestApplication;
  let baseUrl: string;

  const login = (from: string, body: { email: string; password: string }) =>
    request(baseUrl).post('/api/admin/login').set('X-Forwarded-For', from).send(body);

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

  it('lets the owner sign in from another address while a stranger hammers their email', async () => {
    // By now the email has LOGIN_FAILURE_LIMIT failures; a stranger rotating over a few addresses adds more.
    const strangers = ['192.0.2.10', '192.0.2.11', '192.0.2.12'];
    for (const stranger of strangers) {
      const answers = await Promise.all(
        Array.from({ length: LOGIN_FAILURE_LIMIT + 5 }, () => login(stranger, { email: OWNER.email, password: 'guess' })),
      );
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(LOGIN_FAILURE_LIMIT);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
    }
    const failures = LOGIN_FAILURE_LIMIT * (1 + strangers.length);

    // The email's failures slow every login for it (progressive delay) …
    const startedAt = Date.now();
    const owner = await login('203.0.113.50', OWNER).expect(200);
    const took = Date.now() - startedAt;
    expect(owner.body).toMatchObject({ success: true, email: OWNER.email });
    expect(accountDelayMs(failures)).toBeGreaterThan(0);
    expect(took).toBeGreaterThanOrEqual(accountDelayMs(failures) - 50);
    // … and the owner's success does not reset them, so the strangers stay slowed.
    const cookie = owner.headers['set-cookie'];
    await request(baseUrl).get('/api/admin/verify').set('Cookie', cookie).expect(200);
    await login('192.0.2.10', OWNER).expect(429);
  });

  it(`refuses an address after ${LOGIN_ADDRESS_FAILURE_LIMIT} failures over any emails, not the owner elsewhere`, async () => {
    const address = '198.51.100.99';
    const answers = await Promise.all(
      Array.from({ length: LOGIN_ADDRESS_FAILURE_LIMIT + 20 }, (_, index) => login(address, { email: `guess${index}@example.com`, password: 'guess' })),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(LOGIN_ADDRESS_FAILURE_LIMIT);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(20);
    await login(address, { email: 'fresh@example.com', password: 'guess' }).expect(429);
    await login('203.0.113.51', OWNER).expect(200);
  });
});
