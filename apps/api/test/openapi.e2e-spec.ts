import { ERROR_MESSAGES, isErrorCode } from '@aipm/contracts';
import { createTestDatabase, type TestDatabase } from '@aipm/database/testing';
import type { INestApplication } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import request from 'supertest';
import { createApp } from '../src/bootstrap/create-app';
import { statusOf } from '../src/common/errors/api-exception.filter';
import { documentedBodies } from '../src/common/openapi/api-answers';
import { flushRedis, testRedisUrl } from '../../../tools/testing/services';
import { adminAgent, visitorIp } from './support/lead-admin';
import { testApiEnv } from './support/test-env';

/*
 * ADR 022: /api/docs documents every request and response body, with examples, so a reader can drive
 * the API. The document is read as a client reads it (openapi.json), and its examples are sent to the API.
 */

type Schema = Record<string, unknown> & { $ref?: string; properties?: Record<string, Schema>; allOf?: Schema[]; items?: Schema; required?: string[] };
interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Parameter {
  name: string;
  in: string;
  example?: unknown;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
  security?: unknown[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Operations that honestly answer no body on success: each with the reason. */
const NO_SUCCESS_BODY: Record<string, string> = {
  'get /api/admin/files/{folder}/{name}': 'answers 302 to a signed URL of the file (documented with its Location header)',
  'get /api/student/files/{id}': 'answers 302 to a signed URL of the student\'s own contract file (documented with its Location header)',
  'post /api/admin/crawler/live-view/{viewId}/input': 'answers 204: an input, sent many times a second, has nothing to answer',
};

describe('the OpenAPI document (/api/docs)', () => {
  const redisUrl = testRedisUrl(12);
  let database: TestDatabase;
  let app: INestApplication;
  let document: Document;
  let operations: { key: string; operation: Operation }[];

  function resolve(schema: Schema | undefined): Schema | undefined {
    if (!schema?.$ref) return schema;
    return document.components.schemas[schema.$ref.split('/').pop()!];
  }

  /** Leaves (after references and allOf) that carry no example, by path inside the schema. */
  function leavesWithoutExample(schema: Schema | undefined, where: string, seen = new Set<string>()): string[] {
    if (!schema) return [where];
    if (schema.$ref) {
      if (seen.has(schema.$ref)) return [];
      return leavesWithoutExample(resolve(schema), where, new Set([...seen, schema.$ref]));
    }
    if ('example' in schema) return [];
    if (schema.allOf) {
      // The envelope's own `data` placeholder is replaced by the operation's record: check the merged properties.
      const merged: Record<string, Schema> = {};
      for (const part of schema.allOf) Object.assign(merged, resolve(part)?.properties ?? {});
      return Object.entries(merged).flatMap(([name, property]) => leavesWithoutExample(property, `${where}.${name}`, seen));
    }
    if (schema.items) return leavesWithoutExample(schema.items, `${where}[]`, seen);
    if (schema.properties) return Object.entries(schema.properties).flatMap(([name, property]) => leavesWithoutExample(property, `${where}.${name}`, seen));
    return [where];
  }

  /** A schema with its references followed and an allOf merged into one object schema. */
  function flatten(schema: Schema | undefined): Schema | undefined {
    const resolved = resolve(schema);
    if (!resolved?.allOf) return resolved;
    const parts = resolved.allOf.map(flatten);
    if (parts.length === 1) return { ...parts[0], nullable: resolved.nullable };
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((part) => part?.properties ?? {})) as Record<string, Schema>,
      required: parts.flatMap((part) => part?.required ?? []),
    };
  }

  /** Where `value` breaks the documented schema: a field missing, undocumented or of another type (enough to catch drift). */
  function mismatches(schema: Schema | undefined, value: unknown, where: string): string[] {
    const resolved = flatten(schema);
    if (!resolved) return [];
    if (value === null) return resolved.nullable ? [] : [`${where}: null`];
    const type = resolved.type as string | undefined;
    if (type === 'array') return Array.isArray(value) ? value.flatMap((item, index) => mismatches(resolved.items, item, `${where}[${index}]`)) : [`${where}: not an array`];
    if (type === 'object' || resolved.properties) {
      if (typeof value !== 'object' || Array.isArray(value)) return [`${where}: not an object`];
      const record = value as Record<string, unknown>;
      const properties = resolved.properties ?? {};
      const missing = (resolved.required ?? []).filter((name) => !(name in record)).map((name) => `${where}.${name}: missing`);
      const unknown =
        resolved.additionalProperties === undefined && Object.keys(properties).length > 0
          ? Object.keys(record).filter((name) => !(name in properties)).map((name) => `${where}.${name}: not documented`)
          : [];
      const inner = Object.entries(properties).flatMap(([name, property]) => (name in record ? mismatches(property, record[name], `${where}.${name}`) : []));
      return [...missing, ...unknown, ...inner];
    }
    if (type === 'integer') return Number.isInteger(value) ? [] : [`${where}: not an integer`];
    if (type && typeof value !== type) return [`${where}: ${typeof value}, documented ${type}`];
    return [];
  }

  /** The administrator's agent: the first administrator registers once per database. */
  let admin: Awaited<ReturnType<typeof adminAgent>> | undefined;
  async function signedIn(): Promise<Awaited<ReturnType<typeof adminAgent>>> {
    admin ??= await adminAgent(app);
    return admin;
  }

  function documentedExample(method: string, path: string): object {
    return Object.values(document.paths[path]![method]!.requestBody!.content!['application/json']!.examples!)[0]!.value as object;
  }

  function successSchema(operation: Operation): Schema | undefined {
    const status = Object.keys(operation.responses).find((code) => code.startsWith('2'));
    return status ? operation.responses[status]!.content?.['application/json']?.schema : undefined;
  }

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    await flushRedis(redisUrl);
    app = await createApp(testApiEnv({ DATABASE_URL: database.url, REDIS_URL: redisUrl, LOG_LEVEL: 'error' }));
    await app.init();
    document = (await request(app.getHttpServer()).get('/api/docs/openapi.json').expect(200)).body as Document;
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ key: `${method} ${path}`, operation: item[method]! })),
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('serves the document at /api/docs-json too, where Nest tools look for it', async () => {
    const served = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    expect(served.body).toEqual(document);
  });

  it('documents every operation that takes a body with a non-empty schema and an example', () => {
    const withBody = operations.filter(({ operation }) => operation.requestBody);
    const problems = withBody.flatMap(({ key, operation }) => {
      const media = operation.requestBody!.content?.['application/json'];
      const schema = resolve(media?.schema);
      const examples = Object.values(media?.examples ?? {}).filter((example) => example.value !== undefined);
      return [
        ...(Object.keys(schema?.properties ?? {}).length === 0 ? [`${key}: empty body schema`] : []),
        ...(examples.length === 0 && media?.example === undefined ? [`${key}: no body example`] : []),
      ];
    });
    console.log(`openapi: ${operations.length} operations, ${withBody.length} with a request body`);
    expect(withBody.length).toBeGreaterThanOrEqual(25);
    expect(problems).toEqual([]);
  });

  it('documents a success answer with a schema for every operation, with an example on every field', () => {
    const problems = operations.flatMap(({ key, operation }) => {
      if (NO_SUCCESS_BODY[key]) return [];
      const status = Object.keys(operation.responses).find((code) => code.startsWith('2'));
      if (!status) return [`${key}: no 2xx answer`];
      const content = operation.responses[status]!.content ?? {};
      const [mediaType, media] = Object.entries(content)[0] ?? [];
      if (!media?.schema) return [`${key}: ${status} without a schema`];
      if (mediaType !== 'application/json') return 'example' in media.schema ? [] : [`${key}: ${mediaType} without an example`];
      return leavesWithoutExample(media.schema, key).map((leaf) => `${leaf}: no example`);
    });
    expect(problems).toEqual([]);
    // The exceptions are real operations: a renamed route must not leave a stale exception behind.
    expect(Object.keys(NO_SUCCESS_BODY).filter((key) => !operations.some((operation) => operation.key === key))).toEqual([]);
  });

  it('documents the failures of every operation in the one error envelope, each code under its status', () => {
    expect(document.components.schemas.ApiErrorResponse).toBeDefined();
    const problems = operations.flatMap(({ key, operation }) => {
      const found: string[] = [];
      const failures = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      if (!failures.some(([status]) => status === '500')) found.push(`${key}: no 500`);
      if (operation.security?.length && !failures.some(([status]) => status === '401')) found.push(`${key}: admin route without 401`);
      for (const [status, response] of failures) {
        const media = response.content?.['application/json'];
        if (media?.schema?.$ref !== '#/components/schemas/ApiErrorResponse' && !key.includes('health')) found.push(`${key} ${status}: not the error envelope`);
        for (const [name, example] of Object.entries(media?.examples ?? {})) {
          const value = example.value as { code?: unknown; message?: unknown };
          if (!isErrorCode(value.code)) found.push(`${key} ${status}: ${name} is no error code`);
          else if (String(statusOf(value.code)) !== status) found.push(`${key} ${status}: ${value.code} answers ${statusOf(value.code)}`);
          else if (value.message !== ERROR_MESSAGES[value.code]) found.push(`${key} ${status}: ${value.code} with another message`);
        }
      }
      return found;
    });
    expect(problems).toEqual([]);
    // A field's own codes are listed with the refused body (400).
    const registration = document.paths['/api/registrations']!.post!.responses['400']!.content!['application/json']!.examples!;
    expect(Object.keys(registration)).toEqual(expect.arrayContaining(['NAME_REQUIRED', 'AGREEMENT_REQUIRED', 'UNKNOWN_FIELD']));
  });

  it('gives body examples that the API\'s own validation accepts', async () => {
    expect(documentedBodies().length).toBeGreaterThanOrEqual(25);
    const refused: string[] = [];
    for (const { dto, example } of documentedBodies()) {
      const errors = await validate(plainToInstance(dto as new () => object, example), { whitelist: true, forbidNonWhitelisted: true });
      if (errors.length > 0) refused.push(`${dto.name}: ${errors.map((error) => error.property).join(', ')}`);
    }
    expect(refused).toEqual([]);
  });

  it('gives list examples that "Try it out" can send on a fresh system: each answers what the unfiltered list answers', async () => {
    const admin = await signedIn();
    // Something in every list a fresh system can have: a registration, beside the audit entries and seeded rows.
    await request(app.getHttpServer()).post('/api/registrations').set('X-Forwarded-For', visitorIp()).send({ ...documentedExample('post', '/api/registrations'), name: '李四' }).expect(201);
    const lists = operations.filter(({ key, operation }) => key.startsWith('get ') && operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'filter'));
    expect(lists.length).toBeGreaterThanOrEqual(5);
    const problems: string[] = [];
    for (const { key, operation } of lists) {
      const path = key.slice('get '.length);
      if (path.includes('{')) continue;
      const query = Object.fromEntries(
        (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').flatMap((parameter) => {
          const example = parameter.example ?? parameter.schema?.example;
          return example === undefined ? [] : [[parameter.name, String(example)]];
        }),
      );
      const all = await admin.get(path);
      const tried = await admin.get(path).query(query);
      if (tried.status >= 300) problems.push(`${key} ${JSON.stringify(query)}: ${tried.status} ${JSON.stringify(tried.body)}`);
      else if (all.status < 300 && Array.isArray(all.body.data) && Array.isArray(tried.body.data) && Math.min(all.body.data.length, 10) !== tried.body.data.length)
        problems.push(`${key} ${JSON.stringify(query)}: ${tried.body.data.length} rows where the unfiltered list has ${all.body.data.length}`);
    }
    expect(problems).toEqual([]);
  });

  it('drives the API: the documented examples are accepted and the answers match the documented schemas', async () => {
    const admin = await signedIn();
    const exampleOf = (method: string, path: string) => Object.values(document.paths[path]![method]!.requestBody!.content!['application/json']!.examples!)[0]!.value as object;
    const documented = (method: string, path: string) => successSchema(document.paths[path]![method]!);
    const calls: [string, string, string, () => Promise<request.Response>][] = [
      ['post', '/api/registrations', 'public form', () => request(app.getHttpServer()).post('/api/registrations').set('X-Forwarded-For', visitorIp()).send(exampleOf('post', '/api/registrations'))],
      ['post', '/api/contact', 'public form', () => request(app.getHttpServer()).post('/api/contact').set('X-Forwarded-For', visitorIp()).send(exampleOf('post', '/api/contact'))],
      ['post', '/api/admin/students', 'admin create', () => admin.post('/api/admin/students').send(exampleOf('post', '/api/admin/students'))],
      ['post', '/api/admin/wechat-share-configs', 'admin create', () => admin.post('/api/admin/wechat-share-configs').send(exampleOf('post', '/api/admin/wechat-share-configs'))],
      ['post', '/api/admin/crawl-results', 'admin create', () => admin.post('/api/admin/crawl-results').send(exampleOf('post', '/api/admin/crawl-results'))],
      ['post', '/api/admin/crawler-config', 'admin settings', () => admin.post('/api/admin/crawler-config').send(exampleOf('post', '/api/admin/crawler-config'))],
      ['get', '/api/registrations', 'admin list', () => admin.get('/api/registrations')],
      ['get', '/api/contact', 'admin list', () => admin.get('/api/contact')],
      ['get', '/api/admin/students', 'admin list', () => admin.get('/api/admin/students')],
      ['get', '/api/admin/crawl-results', 'admin list', () => admin.get('/api/admin/crawl-results')],
      ['get', '/api/admin/crawler-config', 'settings', () => admin.get('/api/admin/crawler-config')],
      ['get', '/api/admin/stats', 'dashboard', () => admin.get('/api/admin/stats')],
      ['get', '/api/admin/stats/charts', 'dashboard', () => admin.get('/api/admin/stats/charts')],
      ['get', '/api/admin/session', 'session', () => admin.get('/api/admin/session')],
      ['get', '/api/admin/check', 'public', () => request(app.getHttpServer()).get('/api/admin/check')],
      ['get', '/api/jobs', 'public', () => request(app.getHttpServer()).get('/api/jobs')],
    ];
    const problems: string[] = [];
    for (const [method, path, what, send] of calls) {
      const response = await send();
      if (response.status >= 300) problems.push(`${method} ${path} (${what}): ${response.status} ${JSON.stringify(response.body)}`);
      else problems.push(...mismatches(documented(method, path), response.body, `${method} ${path}`));
    }
    expect(problems).toEqual([]);
  });
});
