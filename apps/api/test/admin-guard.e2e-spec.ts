import { AUTH_ERRORS, BACKUP_PATHS, CRAWL_ADMIN_PATHS } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import { type INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import { API_PREFIX, createApp } from '../src/bootstrap/create-app';
import { IS_PUBLIC_KEY } from '../src/common/decorators/public.decorator';
import { testRedisUrl } from '../../../tools/testing/services';
import { testApiEnv } from './support/test-env';

interface RegisteredRoute {
  method: string;
  path: string;
  isPublic: boolean;
}

/** The only admin-area routes open without the session (docs/product/back-office.md#access: sign-in itself). */
const PUBLIC_ADMIN_ROUTES = ['GET /api/admin/check', 'POST /api/admin/register', 'POST /api/admin/login', 'POST /api/admin/logout'];

const asList = (value: string | string[] | undefined): string[] => (Array.isArray(value) ? value : [value ?? '']);
const joinPath = (...parts: string[]) => `/${parts.flatMap((part) => part.split('/')).filter(Boolean).join('/')}`;

/** Every route Nest registered, read from the controllers' own metadata (what the router was built from). */
function registeredRoutes(app: INestApplication): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const classPublic = Reflect.getMetadata(IS_PUBLIC_KEY, controller) === true;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (methodPath === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const isPublic = classPublic || Reflect.getMetadata(IS_PUBLIC_KEY, handler) === true;
        for (const base of asList(Reflect.getMetadata(PATH_METADATA, controller))) {
          for (const own of asList(methodPath)) routes.push({ method, path: joinPath(API_PREFIX, base, own), isPublic });
        }
      }
    }
  }
  return routes;
}

/** Route parameters (":id") get a well-formed UUID, so the guard (not a 404 or a pipe) is what answers. */
const concrete = (path: string) => path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

/** The event stream answers Nest's own list of directives (no-store among them); the rest say just no-store. */
const hasNoStore = (header: string | undefined) => (header ?? '').split(',').some((directive) => directive.trim() === 'no-store');

/** The server-sent events routes never end: their answer is taken as soon as the headers arrive, then closed. */
const EVENT_STREAMS: readonly string[] = [CRAWL_ADMIN_PATHS.events, BACKUP_PATHS.events];
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
    expect(answers).toEqual(protectedRoutes.map((route) => `${route.method} ${route.path} → 401 ${AUTH_ERRORS.UNAUTHORIZED}`));
  });

  it('keeps every admin and contract-upload route private except sign-in itself', () => {
    const publicRoutes = registeredRoutes(app)
      .filter((route) => route.isPublic && /^\/api\/(admin|contracts)(\/|$)/.test(route.path))
      .map((route) => `${route.method} ${route.path}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ADMIN_ROUTES].sort());
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
    const reads = registeredRoutes(app).filter((route) => !route.isPublic && route.method === 'GET');
    const cached: string[] = [];
    for (const route of reads) {
      const response = EVENT_STREAMS.includes(route.path) ? await headersOfStream(admin, route.path) : await admin.get(concrete(route.path));
      if (response.status === 401 || !hasNoStore(response.headers['cache-control'])) cached.push(`${route.path} → ${response.status} ${response.headers['cache-control']}`);
    }
    console.log(`no-store: ${reads.length} private GET routes checked signed in`);
    expect(reads.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/registrations', '/api/contact', '/api/admin/health', '/api/admin/session']));
    expect(cached).toEqual([]);
    const check = await admin.get('/api/admin/check').expect(200);
    expect(check.headers['cache-control']).toBe('no-store');
  });
});
