import { runMigrations } from '@aipm/database';
import type { INestApplication } from '@nestjs/common';
import net from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from '../../../tools/testing/private-servers';
import { waitFor } from '../../../tools/testing/process';
import { cookiePair } from './support/admin-session';
import { apiError } from './support/api-errors';
import { visitorIp } from './support/lead-admin';
import { testApiEnv } from './support/test-env';
import { VALID_BODIES } from './fuzz/valid-bodies';

jest.setTimeout(120_000);

const ADMIN = { email: 'outage-admin@example.com', password: 'outage-password-1' };
const FORMS = ['/api/registrations', '/api/contact'] as const;
/** What a probe may wait for /api/health, whatever hangs behind it. */
const HEALTH_BUDGET_MS = 2_000;

let phone = 0;
/** A valid submission of the form, from a client of its own (the per-IP limit is not what these tests are about). */
function submit(app: INestApplication, form: (typeof FORMS)[number]): request.Test {
  phone += 1;
  const body = { ...VALID_BODIES[`post ${form}`], phone: `139${String(phone).padStart(8, '0')}` };
  return request(app.getHttpServer()).post(form).set('X-Forwarded-For', visitorIp()).send(body);
}

/**
 * A TCP relay to `target` that can freeze: while frozen it accepts, reads and forwards nothing, either way (an
 * S3 server that hangs; the shared one must not be stopped).
 */
async function freezableRelay(target: string): Promise<{ url: string; freeze(): void; thaw(): void; close(): Promise<void> }> {
  const { hostname, port: targetPort } = new URL(target);
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), hostname);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      sockets.add(from);
      from.on('data', (chunk) => {
        if (!frozen) to.write(chunk);
      });
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    freeze: () => (frozen = true),
    thaw: () => (frozen = false),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A database outage is the database's, not a bug: the public forms answer 503 DATABASE_UNAVAILABLE with
 * Retry-After while PostgreSQL restarts, and /api/health answers within its budget while anything it checks
 * hangs. The cluster and Redis are this suite's own: stopping the shared ones would fail every suite beside it.
 */
describe('the API through a database outage', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let app: INestApplication;
  let cookie: string;

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
    const server = await new DataSource({ type: 'postgres', url: postgres.url }).initialize();
    await server.query('CREATE DATABASE aipm_outage');
    await server.destroy();
    await runMigrations(databaseUrl(postgres));
    app = await createApp(testApiEnv({ DATABASE_URL: databaseUrl(postgres), REDIS_URL: redis.url, LOG_LEVEL: 'error' }));
    await app.init();
    cookie = cookiePair((await request(app.getHttpServer()).post('/api/admin/register').send(ADMIN).expect(201)).headers['set-cookie']);
  });

  afterAll(async () => {
    postgres?.thaw();
    redis?.thaw();
    await app?.close();
    await Promise.all([postgres?.stop(), redis?.stop()]);
  });

  it('answers the public forms 503 DATABASE_UNAVAILABLE with Retry-After while PostgreSQL restarts, never a 500', async () => {
    for (const form of FORMS) await submit(app, form).expect(201);

    // Submissions keep coming through the restart, as visitors' do.
    const during: { status: number; code?: string; retryAfter?: string }[] = [];
    let submitting = true;
    const visitors = FORMS.map(async (form) => {
      while (submitting) {
        const response = await submit(app, form);
        during.push({ status: response.status, code: (response.body as { code?: string }).code, retryAfter: response.headers['retry-after'] });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    await postgres.restart(async () => {
      for (const form of FORMS) {
        const down = await submit(app, form).expect(503);
        expect(down.body).toEqual(apiError('DATABASE_UNAVAILABLE'));
        expect(down.headers['retry-after']).toMatch(/^\d+$/);
      }
    });
    // Back: the pool reconnects; until it has, the answer is the 503.
    for (const form of FORMS) await waitFor(async () => ((await submit(app, form)).status === 201 ? true : undefined), 20_000, 200);
    submitting = false;
    await Promise.all(visitors);

    const refused = during.filter(({ status }) => status !== 201);
    const tally = new Map<string, number>();
    for (const { status, code } of refused) tally.set(`${status} ${code}`, (tally.get(`${status} ${code}`) ?? 0) + 1);
    console.log(`form submissions through the restart: ${during.length}; refused: ${[...tally].map(([answer, count]) => `${count} x ${answer}`).join(', ')}`);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter(({ status, code, retryAfter }) => status !== 503 || code !== 'DATABASE_UNAVAILABLE' || !retryAfter)).toEqual([]);
  });

  it(`answers /api/health 503 within ${HEALTH_BUDGET_MS} ms while PostgreSQL is frozen, the session's cookie or not`, async () => {
    postgres.freeze();
    try {
      for (const withCookie of [false, true]) {
        const startedAt = Date.now();
        const call = request(app.getHttpServer()).get('/api/health').timeout(10_000);
        const response = await (withCookie ? call.set('Cookie', cookie) : call).catch((error: Error) => ({ status: 0, body: error.message }));
        const elapsed = Date.now() - startedAt;
        console.log(`health with PostgreSQL frozen${withCookie ? ' (session cookie)' : ''}: ${response.status} in ${elapsed} ms`);
        expect({ withCookie, status: response.status, body: response.body }).toEqual({ withCookie, status: 503, body: { status: 'error' } });
        expect(elapsed).toBeLessThan(HEALTH_BUDGET_MS);
      }
    } finally {
      postgres.thaw();
    }
    await waitFor(async () => ((await request(app.getHttpServer()).get('/api/health')).status === 200 ? true : undefined), 20_000, 200);
  });

  it(`answers /api/health 503 within ${HEALTH_BUDGET_MS} ms while Redis or S3 is frozen`, async () => {
    redis.freeze();
    try {
      const startedAt = Date.now();
      const response = await request(app.getHttpServer()).get('/api/health').timeout(10_000);
      const elapsed = Date.now() - startedAt;
      console.log(`health with Redis frozen: ${response.status} in ${elapsed} ms`);
      expect(response.status).toBe(503);
      expect(elapsed).toBeLessThan(HEALTH_BUDGET_MS);
    } finally {
      redis.thaw();
    }

    // Storage: the app is booted through the relay (its boot creates the bucket), then the relay freezes.
    const s3 = await freezableRelay(testApiEnv().S3_ENDPOINT);
    const frozenS3 = await createApp(testApiEnv({ DATABASE_URL: databaseUrl(postgres), REDIS_URL: redis.url, LOG_LEVEL: 'error', S3_ENDPOINT: s3.url }));
    try {
      await frozenS3.init();
      await request(frozenS3.getHttpServer()).get('/api/health').expect(200);
      s3.freeze();
      const startedAt = Date.now();
      const response = await request(frozenS3.getHttpServer()).get('/api/health').timeout(10_000);
      const elapsed = Date.now() - startedAt;
      console.log(`health with S3 frozen: ${response.status} in ${elapsed} ms`);
      expect(response.status).toBe(503);
      expect(elapsed).toBeLessThan(HEALTH_BUDGET_MS);
    } finally {
      s3.thaw();
      await frozenS3.close();
      await s3.close();
    }
  });
});

/** This suite's database on the private cluster. */
function databaseUrl(postgres: PrivatePostgres): string {
  const url = new URL(postgres.url);
  url.pathname = '/aipm_outage';
  return url.toString();
}
