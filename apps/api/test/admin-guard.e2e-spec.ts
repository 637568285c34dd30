import { AUTH_ERRORS, BACKUP_PATHS, CRAWL_ADMIN_PATHS, FOLLOW_UP_PATHS, STUDENT_PORTAL_ERRORS } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import { createApp } from '../src/bootstrap/create-app';
import { testRedisUrl } from '../../../tools/testing/services';
import { testApiEnv } from './support/test-env';
import { SESSION_COOKIE_NAME } from '../src/common/session';
import { STUDENT_SESSION_COOKIE_NAME } from '../src/common/student-session';
import { isStudentRealm, type RegisteredRoute, registeredRoutes } from './support/routes';

/** The only admin-area routes open without the session (docs/product/back-office.md#access: sign-in itself). */
const PUBLIC_ADMIN_ROUTES = ['GET /api/admin/check', 'POST /api/admin/register', 'POST /api/admin/login', 'POST /api/admin/logout'];

/** The student realm's routes open without the student session: its sign-in, sign-out and reset by token (ADR 061). */
const PUBLIC_STUDENT_ROUTES = ['POST /api/student/login', 'POST /api/student/logout', 'POST /api/student/reset'];

/** What a route of each realm answers without its session. */
const unauthorized = (route: RegisteredRoute) => (isStudentRealm(route) ? STUDENT_PORTAL_ERRORS.STUDENT_UNAUTHORIZED : AUTH_ERRORS.UNAUTHORIZED);

/** "name=value" of a response's cookie. */
function cookieOf(response: request.Response, name: string): string {
  const line = ([response.headers['set-cookie'] ?? []].flat() as string[]).find((candidate) => candidate.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in the answer`);
  return line.split(';')[0]!;
}

/** Route parameters (":id") get a well-formed UUID, so the guard (not a 404 or a pipe) is what answers. */
const concrete = (path: string) => path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

/** The event stream answers Nest's own list of directives (no-store among them); the rest say just no-store. */
const hasNoStore = (header: string | undefined) => (header ?? '').split(',').some((directive) => directive.trim() === 'no-store');

/** The server-sent events routes never end: their answer is taken as soon as the headers arrive, then closed. */
const EVENT_STREAMS: readonly string[] = [CRAWL_ADMIN_PATHS.events, BACKUP_PATHS.events, '/api/admin/crawler/live-view/:viewId/events', FOLLOW_UP_PATHS.events];
function headersOfStream(agent: ReturnType<typeof request.agent>, path: string): Promise<request.Response> {
  return new Promise((resolve, reject) => {
    void agent
      .get(path)
      .buffer(false)
      .parse((res, done) => {
        done(null, {});
        // Under supertest the parser gets Node's IncomingMessage, which superagent's type does not say.
        (res as unknown as IncomingMessage).destroy();
      })
      .then(resolve, reject);
  });
}

describe('global administrator guard', () => {
  let database: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: testRedisUrl(12) }));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('finds every route the OpenAPI document lists', async () => {
    const document = await request(app.getHttpServer()).get('/api/docs/openapi.json').expect(200);
    const documented = Object.entries(document.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const found = registeredRoutes(app).map((route) => `${route.method} ${route.path}`);
    expect(found.sort()).toEqual(expect.arrayContaining(documented.sort()));
    expect(found.length).toBeGreaterThanOrEqual(documented.length);
  });

  it('answers 401 without a session on every route not marked public', async () => {
    const protectedRoutes = registeredRoutes(app).filter((route) => !route.isPublic);
    const answers: string[] = [];
    for (const route of protectedRoutes) {
      const response = await request(app.getHttpServer())[route.method.toLowerCase() as 'get'](concrete(route.path)).send({});
      answers.push(`${route.method} ${route.path} → ${response.status} ${response.body?.message ?? ''}`);
    }
    console.log(`global guard: ${protectedRoutes.length} protected routes checked without a session:\n${answers.join('\n')}`);
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(4); // verify, session, change-password, stats at least
    expect(answers).toEqual(protectedRoutes.map((route) => `${route.method} ${route.path} → 401 ${unauthorized(route)}`));
  });

  it('keeps every admin and contract-upload route private except sign-in itself', () => {
    const publicRoutes = registeredRoutes(app)
      .filter((route) => route.isPublic && /^\/api\/(admin|contracts)(\/|$)/.test(route.path))
      .map((route) => `${route.method} ${route.path}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ADMIN_ROUTES].sort());
  });

  it('keeps every student-realm route private except its sign-in, sign-out and reset by token', () => {
    const publicRoutes = registeredRoutes(app)
      .filter((route) => route.isPublic && isStudentRealm(route))
      .map((route) => `${route.method} ${route.path}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_STUDENT_ROUTES].sort());
  });

  it('lets public routes through without a session', async () => {
    await request(app.getHttpServer()).get('/api/health').expect(200);
    await request(app.getHttpServer()).get('/api/admin/check').expect(200);
  });

  it('answers the public health probe with up or down only; the details need the session', async () => {
    const probe = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(probe.body).toEqual({ status: 'ok' });
    await request(app.getHttpServer()).get('/api/admin/health').expect(401);
  });

  it('sends Cache-Control: no-store on every signed-in answer of a private GET route (personal data)', async () => {
    const admin = request.agent(app.getHttpServer());
    await admin.post('/api/admin/register').send({ email: 'guard-admin@example.com', password: 'guard-admin-password' }).expect(201);
    // The student realm's reads need the student session: checked signed in as a student below.
    const reads = registeredRoutes(app).filter((route) => !route.isPublic && route.method === 'GET' && !isStudentRealm(route));
    const cached: string[] = [];
    for (const route of reads) {
      const response = EVENT_STREAMS.includes(route.path) ? await headersOfStream(admin, concrete(route.path)) : await admin.get(concrete(route.path));
      if (response.status === 401 || !hasNoStore(response.headers['cache-control'])) cached.push(`${route.path} → ${response.status} ${response.headers['cache-control']}`);
    }
    console.log(`no-store: ${reads.length} private GET routes checked signed in`);
    expect(reads.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/registrations', '/api/contact', '/api/admin/health', '/api/admin/session']));
    expect(cached).toEqual([]);
    const check = await admin.get('/api/admin/check').expect(200);
    expect(check.headers['cache-control']).toBe('no-store');
  });

  describe('two realms (ADR 061): neither session opens the other realm', () => {
    let adminCookie: string;
    let studentCookie: string;
    let studentAccountId: string;

    beforeAll(async () => {
      const admin = await request(app.getHttpServer()).post('/api/admin/login').send({ email: 'guard-admin@example.com', password: 'guard-admin-password' }).expect(200);
      adminCookie = cookieOf(admin, SESSION_COOKIE_NAME);
      const student = await request(app.getHttpServer()).post('/api/admin/students').set('Cookie', adminCookie).send({ name: '守卫学员', phone: '13800009999' }).expect(201);
      const account = await request(app.getHttpServer())
        .post('/api/admin/student-accounts')
        .set('Cookie', adminCookie)
        .send({ studentId: student.body.data.id, kind: 'student_login', username: 'guard-student', email: 'guard-student@example.com', password: 'guard-student-1' })
        .expect(201);
      studentAccountId = account.body.data.id;
      const signedIn = await request(app.getHttpServer()).post('/api/student/login').send({ login: 'guard-student', password: 'guard-student-1' }).expect(200);
      studentCookie = cookieOf(signedIn, STUDENT_SESSION_COOKIE_NAME);
      await request(app.getHttpServer()).get('/api/student/session').set('Cookie', studentCookie).expect(200);
      await request(app.getHttpServer()).get('/api/admin/session').set('Cookie', adminCookie).expect(200);
    });

    /** Sends every route of the list with the cookie; answers the lines that were not the realm's 401. */
    async function tryAll(routes: RegisteredRoute[], cookie: string): Promise<string[]> {
      const wrong: string[] = [];
      for (const route of routes) {
        const response = await request(app.getHttpServer())[route.method.toLowerCase() as 'get'](concrete(route.path)).set('Cookie', cookie).send({});
        if (response.status !== 401 || response.body?.message !== unauthorized(route)) wrong.push(`${route.method} ${route.path} → ${response.status} ${response.body?.message ?? ''}`);
      }
      return wrong;
    }

    it('answers 401 to the administrator\'s session on every non-public /api/student/** route', async () => {
      const studentRoutes = registeredRoutes(app).filter((route) => isStudentRealm(route) && !route.isPublic);
      console.log(`realms: ${studentRoutes.length} student-realm routes tried with the administrator's session`);
      expect(studentRoutes.length).toBeGreaterThanOrEqual(4); // session, password, me, files/:id at least
      // The student's own records (ADR 067) are among them.
      expect(studentRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(expect.arrayContaining(['GET /api/student/me', 'GET /api/student/files/:id']));
      expect(await tryAll(studentRoutes, adminCookie)).toEqual([]);
    });

    it('answers 401 to a student\'s session on every non-public route outside the realm, /api/admin/** included', async () => {
      const otherRoutes = registeredRoutes(app).filter((route) => !isStudentRealm(route) && !route.isPublic);
      const adminRoutes = otherRoutes.filter((route) => route.path.startsWith('/api/admin/'));
      console.log(`realms: ${otherRoutes.length} administrator routes (${adminRoutes.length} under /api/admin) tried with a student's session`);
      expect(adminRoutes.length).toBeGreaterThanOrEqual(50);
      expect(await tryAll(otherRoutes, studentCookie)).toEqual([]);
    });

    it('finds no session when a cookie is moved to the other realm\'s name, or the realm is spelt in capitals', async () => {
      const studentValue = studentCookie.split('=').slice(1).join('=');
      const adminValue = adminCookie.split('=').slice(1).join('=');
      await request(app.getHttpServer()).get('/api/admin/session').set('Cookie', `${SESSION_COOKIE_NAME}=${studentValue}`).expect(401);
      await request(app.getHttpServer()).get('/api/student/session').set('Cookie', `${STUDENT_SESSION_COOKIE_NAME}=${adminValue}`).expect(401);
      await request(app.getHttpServer()).get('/api/STUDENT/session').set('Cookie', adminCookie).expect(401);
      await request(app.getHttpServer()).get('/api/Admin/session').set('Cookie', studentCookie).expect(401);
      // Both cookies at once: each realm reads its own.
      const both = `${adminCookie}; ${studentCookie}`;
      expect((await request(app.getHttpServer()).get('/api/student/session').set('Cookie', both).expect(200)).body.data.username).toBe('guard-student');
      expect((await request(app.getHttpServer()).get('/api/admin/session').set('Cookie', both).expect(200)).body.email).toBe('guard-admin@example.com');
    });

    it('answers 404 on every student-realm route given another student\'s ids (the session\'s own id is the only one read)', async () => {
      const withIds = registeredRoutes(app).filter((route) => isStudentRealm(route) && !route.isPublic && route.path.includes(':'));
      const other = await request(app.getHttpServer()).post('/api/admin/students').set('Cookie', adminCookie).send({ name: '别的学员', phone: '13800008888' }).expect(201);
      const wrong: string[] = [];
      for (const route of withIds) {
        const response = await request(app.getHttpServer())[route.method.toLowerCase() as 'get'](route.path.replace(/:(\w+)/g, other.body.data.id as string)).set('Cookie', studentCookie).send({});
        if (response.status !== 404) wrong.push(`${route.method} ${route.path} → ${response.status}`);
      }
      console.log(`realms: ${withIds.length} student-realm routes with ids tried with another student's id (account ${studentAccountId})`);
      expect(wrong).toEqual([]);
    });

    it('sends Cache-Control: no-store on every student-realm answer, signed in or not', async () => {
      const routes = registeredRoutes(app).filter((route) => isStudentRealm(route) && route.method === 'GET');
      for (const route of routes) {
        const response = await request(app.getHttpServer()).get(concrete(route.path)).set('Cookie', studentCookie);
        expect(`${route.path} ${response.headers['cache-control']}`).toBe(`${route.path} no-store`);
      }
      const refused = await request(app.getHttpServer()).post('/api/student/login').send({ login: 'nobody', password: 'x' });
      expect(refused.headers['cache-control']).toBe('no-store');
    });
  });
});
