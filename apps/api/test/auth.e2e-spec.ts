import { AUTH_MESSAGES, LOGIN_FAILURE_LIMIT } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap/create-app';
import type { SessionData } from 'express-session';
import { SESSION_STORE } from '../src/auth/auth.module';
import { AuthService } from '../src/auth/auth.service';
import { DEVICE_COOKIE_DAYS, DEVICE_COOKIE_NAME } from '../src/auth/device-cookie';
import { createSessionStore, SESSION_TOUCH_INTERVAL_SECONDS, type SessionStore } from '../src/auth/session.store';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { clientIp, cookiePair, sessionCookie } from './support/admin-session';
import { testApiEnv } from './support/test-env';
import { apiError, expectFieldError, invalidInput } from './support/api-errors';

const ADMIN = { email: 'Admin@Example.COM', password: 'first-password-1' };
const STORED_EMAIL = 'admin@example.com';

/**
 * The administrator's sign-in calls (docs/product/back-office.md#sign-in-page), their rules
 * (docs/product/validation.md#administrator-sign-up) and messages (docs/product/errors.md#sign-in-and-session),
 * against a real PostgreSQL and Redis.
 */
describe('admin auth API', () => {
  const redisUrl = testRedisUrl(10);
  let database: TestDatabase;
  let sql: DataSource;
  let app: INestApplication;
  let password = ADMIN.password;

  const http = () => request(app.getHttpServer());
  const signIn = async (credentials = { email: ADMIN.email, password }): Promise<string> => {
    const response = await http().post('/api/admin/login').set('X-Forwarded-For', clientIp()).send(credentials).expect(200);
    return cookiePair(response.headers['set-cookie']);
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    sql = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await flushRedis(redisUrl); // failure counters of an earlier run
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, SESSION_IDLE_HOURS: '2' }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await sql?.destroy();
    await database?.drop();
  });

  describe('before any administrator exists', () => {
    it('GET /api/admin/check answers hasAdmin false', async () => {
      const response = await http().get('/api/admin/check').expect(200);
      expect(response.body).toEqual({ success: true, hasAdmin: false });
    });

    it('refuses a sign-up with an invalid email or a short password, naming every field', async () => {
      const bad = await http().post('/api/admin/register').send({ email: 'not-an-email', password: 'short' }).expect(400);
      expect(bad.body).toEqual(invalidInput({ email: 'INVALID_EMAIL', password: 'PASSWORD_TOO_SHORT' }));

      const shortPassword = await http().post('/api/admin/register').send({ email: ADMIN.email, password: '1234567' }).expect(400);
      expectFieldError(shortPassword.body, 'password', '密码至少需要8位字符');

      const missing = await http().post('/api/admin/register').send({}).expect(400);
      expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'password']);
    });

    it('refuses fields the call does not take', async () => {
      const response = await http().post('/api/admin/register').send({ ...ADMIN, isAdmin: true }).expect(400);
      expect(response.body).toEqual(invalidInput({ isAdmin: 'UNKNOWN_FIELD' }));
    });

    it('needs the session for verify, session and change-password', async () => {
      for (const [method, path] of [
        ['get', '/api/admin/verify'],
        ['get', '/api/admin/session'],
        ['post', '/api/admin/change-password'],
        ['get', '/api/admin/stats'],
      ] as const) {
        const response = await http()[method](path).expect(401);
        expect(response.body).toEqual(apiError('UNAUTHORIZED'));
      }
    });
  });

  describe('POST /api/admin/register', () => {
    let cookie: string;

    it('creates the first administrator with a lower-cased email and an argon2id hash, and signs in', async () => {
      const response = await http().post('/api/admin/register').send(ADMIN).expect(201);
      expect(response.body).toEqual({ success: true, message: AUTH_MESSAGES.registered, email: STORED_EMAIL });

      const setCookie = sessionCookie(response.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toMatch(/;\s*Secure/i); // plain HTTP here
      cookie = cookiePair(response.headers['set-cookie']);

      const rows = await sql.query(`SELECT email, password, "isAdmin", "mustChangePassword" FROM users`);
      expect(rows).toEqual([{ email: STORED_EMAIL, password: expect.stringMatching(/^\$argon2id\$/), isAdmin: true, mustChangePassword: false }]);
      expect(rows[0].password).not.toContain(ADMIN.password);
    });

    it('leaves the new administrator signed in', async () => {
      const response = await http().get('/api/admin/session').set('Cookie', cookie).expect(200);
      expect(response.body).toEqual({ success: true, email: STORED_EMAIL, mustChangePassword: false });
      await http().get('/api/admin/verify').set('Cookie', cookie).expect(200, { success: true });
    });

    it('answers hasAdmin true afterwards', async () => {
      expect((await http().get('/api/admin/check').expect(200)).body).toEqual({ success: true, hasAdmin: true });
    });

    it('refuses every later sign-up with 403, another email or the same', async () => {
      for (const body of [{ email: 'second@example.com', password: 'second-password' }, ADMIN]) {
        const response = await http().post('/api/admin/register').send(body).expect(403);
        expect(response.body).toEqual(apiError('ADMIN_EXISTS'));
      }
      expect(await sql.query(`SELECT count(*)::int AS n FROM users`)).toEqual([{ n: 1 }]);
    });
  });

  describe('POST /api/admin/login', () => {
    it('validates the body first (400 with the spec messages)', async () => {
      const badEmail = await http().post('/api/admin/login').send({ email: 'nope', password: 'x' }).expect(400);
      expectFieldError(badEmail.body, 'email', '请输入有效的邮箱地址');
      const noPassword = await http().post('/api/admin/login').send({ email: ADMIN.email, password: '' }).expect(400);
      expect(noPassword.body).toEqual(invalidInput({ password: 'PASSWORD_REQUIRED' }));
      expect(noPassword.body.message).toBe('请输入密码');
    });

    it('answers a wrong password and an unknown email with the same 401 message', async () => {
      const wrong = await http().post('/api/admin/login').set('X-Forwarded-For', clientIp()).send({ email: ADMIN.email, password: 'wrong-password' }).expect(401);
      const unknown = await http().post('/api/admin/login').set('X-Forwarded-For', clientIp()).send({ email: 'who@example.com', password: password }).expect(401);
      expect(wrong.body).toEqual(apiError('INVALID_CREDENTIALS'));
      expect(unknown.body).toEqual(wrong.body);
      expect(sessionCookie(wrong.headers['set-cookie'])).toBeUndefined();
    });

    it('signs in whatever the email case, with a new session id each time', async () => {
      const first = await signIn({ email: 'ADMIN@example.com', password });
      const response = await http().post('/api/admin/login').set('Cookie', first).set('X-Forwarded-For', clientIp()).send({ email: ADMIN.email, password }).expect(200);
      expect(response.body).toEqual({ success: true, message: AUTH_MESSAGES.loggedIn, email: STORED_EMAIL });
      const second = cookiePair(response.headers['set-cookie']);
      expect(second).not.toEqual(first);
      // The session the browser had before signing in is gone (no fixation).
      await http().get('/api/admin/verify').set('Cookie', first).expect(401);
      await http().get('/api/admin/verify').set('Cookie', second).expect(200);
    });

    it(`answers 429 after ${LOGIN_FAILURE_LIMIT} failures for one email from one address, even with the right password`, async () => {
      const ip = clientIp();
      const attempt = (pass: string) => http().post('/api/admin/login').set('X-Forwarded-For', ip).send({ email: ADMIN.email, password: pass });
      const redis = new Redis(redisUrl);
      const pairKey = `aipm:login-failures:pair:${ip}:admin@example.com`;
      // The account's own count and pace (ADR 037), kept by the suite's earlier failures: this test starts them afresh.
      const accountKeys = ['aipm:login-failures:email:admin@example.com', 'aipm:login-failures:gate:admin@example.com'];
      await redis.del(...accountKeys);
      try {
        for (let failure = 0; failure < LOGIN_FAILURE_LIMIT; failure += 1) await attempt('wrong-password').expect(401);
        const limited = await attempt(password).expect(429);
        expect(limited.body).toEqual(apiError('LOGIN_RATE_LIMITED'));
        // The window is 15 minutes, and the answer says when it ends.
        const ttl = await redis.ttl(pairKey);
        expect(ttl).toBeGreaterThan(14 * 60);
        expect(ttl).toBeLessThanOrEqual(15 * 60);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
      } finally {
        await redis.del(pairKey, ...accountKeys);
        redis.disconnect();
      }
      // The owner elsewhere is not locked out (login-throttling.e2e-spec.ts covers the slow-down).
      await signIn();
    });
    // The per-address limit over all emails and the pace per account: login-throttling.e2e-spec.ts and
    // login-across-addresses.e2e-spec.ts.
  });

  describe('the session cookie', () => {
    it('is Secure when the front door says the request came over HTTPS', async () => {
      const response = await http()
        .post('/api/admin/login')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-For', clientIp())
        .send({ email: ADMIN.email, password })
        .expect(200);
      expect(sessionCookie(response.headers['set-cookie'])).toMatch(/;\s*Secure/i);
    });

    it('comes with a device cookie for the account: httpOnly, SameSite=Strict, sent to the sign-in call only (ADR 037)', async () => {
      const device = (answer: request.Response) => [answer.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith(`${DEVICE_COOKIE_NAME}=`));
      const plain = device(await http().post('/api/admin/login').set('X-Forwarded-For', clientIp()).send({ email: ADMIN.email, password }).expect(200));
      expect(plain).toMatch(/;\s*HttpOnly/i);
      expect(plain).toMatch(/;\s*SameSite=Strict/i);
      expect(plain).toMatch(/;\s*Path=\/api\/admin\/login(;|$)/i);
      expect(plain).toMatch(new RegExp(`;\\s*Max-Age=${DEVICE_COOKIE_DAYS * 24 * 3600}(;|$)`, 'i'));
      expect(plain).not.toMatch(/;\s*Secure/i);
      expect(plain).not.toContain(STORED_EMAIL);
      const secure = await http().post('/api/admin/login').set('X-Forwarded-Proto', 'https').set('X-Forwarded-For', clientIp()).send({ email: ADMIN.email, password });
      expect(device(secure)).toMatch(/;\s*Secure/i);
      // A failure sets none.
      const failed = await http().post('/api/admin/login').set('X-Forwarded-For', clientIp()).send({ email: 'who@example.com', password }).expect(401);
      expect(device(failed)).toBeUndefined();
    });

    it('is a browser-session cookie: no Max-Age or Expires, and set again only when the session changes', async () => {
      const login = await http().post('/api/admin/login').set('X-Forwarded-For', clientIp()).send({ email: ADMIN.email, password }).expect(200);
      const cookie = sessionCookie(login.headers['set-cookie']);
      expect(cookie).toBeDefined();
      expect(cookie).not.toMatch(/Max-Age|Expires/i);
      // A request of an unchanged session writes no cookie, so a late answer cannot put back an ended session's
      // id (session-rotation-race.e2e-spec.ts); the idle expiry is kept server-side (next test).
      const verified = await http().get('/api/admin/verify').set('Cookie', cookiePair(login.headers['set-cookie'])).expect(200);
      expect(sessionCookie(verified.headers['set-cookie'])).toBeUndefined();
    });

    it('expires after SESSION_IDLE_HOURS without a request, and each request pushes that back', async () => {
      const cookie = await signIn();
      const sid = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
      const expiry = async () => new Date((await sql.query(`SELECT expire FROM session WHERE sid = $1`, [sid]))[0].expire).getTime();

      const first = await expiry();
      expect(first - Date.now()).toBeGreaterThan(2 * 3600_000 - 60_000);
      expect(first - Date.now()).toBeLessThanOrEqual(2 * 3600_000 + 60_000);

      await sql.query(`UPDATE session SET expire = now() + interval '5 minutes' WHERE sid = $1`, [sid]);
      await http().get('/api/admin/verify').set('Cookie', cookie).expect(200);
      // Reading the session pushed the stored expiry back a full SESSION_IDLE_HOURS.
      expect((await expiry()) - Date.now()).toBeGreaterThan(2 * 3600_000 - 60_000);
      expect((await expiry()) - Date.now()).toBeLessThanOrEqual(2 * 3600_000 + 60_000);

      // Within SESSION_TOUCH_INTERVAL_SECONDS of that, a request only reads: the row is not written again (a
      // commit per request waited for the disk).
      const version = async () => (await sql.query(`SELECT xmin::text AS version, expire FROM session WHERE sid = $1`, [sid]))[0];
      const touched = await version();
      await http().get('/api/admin/verify').set('Cookie', cookie).expect(200);
      expect(await version()).toEqual(touched);
      // Once the last push is older than that, the next request pushes the expiry back again.
      await sql.query(`UPDATE session SET expire = now() + interval '2 hours' - make_interval(secs => $2 + 5) WHERE sid = $1`, [sid, SESSION_TOUCH_INTERVAL_SECONDS]);
      await http().get('/api/admin/verify').set('Cookie', cookie).expect(200);
      expect((await expiry()) - Date.now()).toBeGreaterThan(2 * 3600_000 - 5_000);

      // An idle session (expiry passed) no longer signs anyone in.
      await sql.query(`UPDATE session SET expire = now() - interval '1 second' WHERE sid = $1`, [sid]);
      await http().get('/api/admin/verify').set('Cookie', cookie).expect(401);
    });

    it('refuses a state-changing request with the cookie that comes from another site', async () => {
      const cookie = await signIn();
      const crossSite = await http().post('/api/admin/change-password').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').send({}).expect(403);
      expect(crossSite.body).toEqual(apiError('CROSS_SITE_REQUEST'));
      await http().post('/api/admin/logout').set('Cookie', cookie).set('Origin', 'https://evil.example').expect(403);
      await http().post('/api/admin/logout').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-site').expect(403);

      // The same site passes the check (and then meets validation).
      await http().post('/api/admin/change-password').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-origin').send({}).expect(400);
      await http()
        .post('/api/admin/change-password')
        .set('Cookie', cookie)
        .set('X-Forwarded-Host', 'bootcamp.example.cn')
        .set('Origin', 'https://bootcamp.example.cn')
        .send({})
        .expect(400);
      // Reads are never refused, and the session is still there.
      await http().get('/api/admin/verify').set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').expect(200);
    });
  });

  describe('POST /api/admin/logout', () => {
    it('destroys the session on the server and clears the cookie', async () => {
      const cookie = await signIn();
      const response = await http().post('/api/admin/logout').set('Cookie', cookie).expect(200);
      expect(response.body).toEqual({ success: true, message: AUTH_MESSAGES.loggedOut });
      expect(sessionCookie(response.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970/);
      // Replaying the old cookie does not work: the row is gone.
      await http().get('/api/admin/session').set('Cookie', cookie).expect(401);
    });

    it('succeeds without a session too', async () => {
      await http().post('/api/admin/logout').expect(200);
    });
  });

  describe('POST /api/admin/change-password', () => {
    it('validates with the spec messages', async () => {
      const cookie = await signIn();
      const empty = await http().post('/api/admin/change-password').set('Cookie', cookie).send({ currentPassword: '', newPassword: 'short' }).expect(400);
      expect(empty.body).toEqual(invalidInput({ currentPassword: 'CURRENT_PASSWORD_REQUIRED', newPassword: 'NEW_PASSWORD_TOO_SHORT' }));
      expect(empty.body.errors).toEqual({ currentPassword: '请输入当前密码', newPassword: '新密码至少需要8位字符' });
    });

    it('refuses a wrong current password', async () => {
      const cookie = await signIn();
      const response = await http()
        .post('/api/admin/change-password')
        .set('Cookie', cookie)
        .send({ currentPassword: 'not-the-password', newPassword: 'another-password' })
        .expect(400);
      expect(response.body).toEqual(apiError('WRONG_CURRENT_PASSWORD'));
    });

    it('changes the password and ends every other session of the administrator', async () => {
      const here = await signIn();
      const elsewhere = await signIn();
      const response = await http()
        .post('/api/admin/change-password')
        .set('Cookie', here)
        .send({ currentPassword: password, newPassword: 'second-password-2' })
        .expect(200);
      expect(response.body).toEqual({ success: true, message: AUTH_MESSAGES.passwordChanged });
      const oldPassword = password;
      password = 'second-password-2';

      await http().get('/api/admin/verify').set('Cookie', here).expect(200);
      await http().get('/api/admin/verify').set('Cookie', elsewhere).expect(401);
      await http().post('/api/admin/login').set('X-Forwarded-For', clientIp()).send({ email: ADMIN.email, password: oldPassword }).expect(401);
      await signIn();
    });
  });
  describe('the signed-in administrator', () => {
    const stored = async (sid: string) => (await sql.query(`SELECT sess #> '{passport,user}' AS "user" FROM session WHERE sid = $1`, [sid]))[0].user;
    const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];

    it('is read with the session, in the same statement: passport looks nobody up again', async () => {
      const cookie = await signIn();
      const [row] = await sql.query(`SELECT "mustChangePassword" FROM users WHERE email = $1`, [STORED_EMAIL]);
      const lookups = jest.spyOn(app.get(AuthService), 'findAdmin');
      try {
        const answer = await http().get('/api/admin/session').set('Cookie', cookie).expect(200);
        expect(answer.body).toEqual({ success: true, email: STORED_EMAIL, mustChangePassword: row.mustChangePassword });
        expect(lookups).not.toHaveBeenCalled();
      } finally {
        lookups.mockRestore();
      }
      // What is stored is still the id alone (change-password ends the other sessions by it).
      expect(typeof (await stored(sidOf(cookie)))).toBe('string');
    });

    it("follows the administrator's row: a change shows on the next request, and one no longer an administrator is signed out", async () => {
      const cookie = await signIn();
      await sql.query(`UPDATE users SET "mustChangePassword" = true WHERE email = $1`, [STORED_EMAIL]);
      try {
        expect((await http().get('/api/admin/session').set('Cookie', cookie).expect(200)).body.mustChangePassword).toBe(true);
        await sql.query(`UPDATE users SET "isAdmin" = false WHERE email = $1`, [STORED_EMAIL]);
        await http().get('/api/admin/verify').set('Cookie', cookie).expect(401);
      } finally {
        await sql.query(`UPDATE users SET "isAdmin" = true, "mustChangePassword" = false WHERE email = $1`, [STORED_EMAIL]);
      }
      await http().get('/api/admin/verify').set('Cookie', cookie).expect(401);
    });

    it('stores the bare id when a session read with its administrator is saved', async () => {
      const cookie = await signIn();
      const sid = sidOf(cookie);
      const store = createSessionStore(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl }));
      try {
        const read = await new Promise<SessionData & { passport?: { user?: unknown } }>((resolve, reject) =>
          store.get(sid, (error, value) => (error || !value ? reject(error ?? new Error('no session')) : resolve(value))),
        );
        expect(read.passport?.user).toEqual({ id: expect.any(String), email: STORED_EMAIL, mustChangePassword: false });
        await new Promise<void>((resolve, reject) => store.set(sid, read, (error) => (error ? reject(error) : resolve())));
        expect(await stored(sid)).toBe((read.passport?.user as { id: string }).id);
        await http().get('/api/admin/verify').set('Cookie', cookie).expect(200);
      } finally {
        await store.close();
      }
    });
  });

  describe('the public forms', () => {
    it('post without reading the session, even with a signed-in cookie, while the back office reads it', async () => {
      const cookie = await signIn();
      const reads = jest.spyOn(app.get<SessionStore>(SESSION_STORE), 'get');
      try {
        const registration = { name: '张三', phone: '13900007777', school: '中南大学', major: '计算机科学与技术', agreement: true };
        const stored = await http().post('/api/registrations').set('Cookie', cookie).set('X-Forwarded-For', clientIp()).send(registration).expect(201);
        expect(stored.headers['set-cookie']).toBeUndefined();
        const message = { name: '李四', phone: '13900008888', subject: 'course', message: '请问下一期什么时候开班？' };
        await http().post('/api/contact').set('Cookie', cookie).set('X-Forwarded-For', clientIp()).send(message).expect(201);
        expect(reads).not.toHaveBeenCalled();

        await http().get('/api/admin/session').set('Cookie', cookie).expect(200);
        expect(reads).toHaveBeenCalledTimes(1);
      } finally {
        reads.mockRestore();
      }
    });
  });
});
