import { ApiEnv, ServicesEnv, validateEnv, WebEnv } from '@aipm/config';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/*
 * There is no Docker engine on the build machines, so this keeps docker-compose.yml honest instead:
 * it parses, uses the official images with volumes and health checks, builds our apps from real
 * Dockerfile targets, and gives each app an environment its own boot validation accepts.
 */
const root = path.resolve(__dirname, '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const documented = new Set(
  readFileSync(path.join(root, '.env.example'), 'utf8')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name)),
);

type Environment = Record<string, string | number>;

/** Compose's `${NAME:-default}` / `${NAME:?error}` interpolation, as if the shell set nothing but SESSION_SECRET. */
function interpolate(value: string | number): string {
  return String(value).replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, fallback?: string) =>
    name === 'SESSION_SECRET' ? 's'.repeat(32) : kind === '-' ? (fallback ?? '') : '',
  );
}

function environmentOf(service: string): Record<string, string> {
  const environment = (compose.services[service].environment ?? {}) as Environment;
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, interpolate(value)]));
}

describe('docker-compose.yml', () => {
  it.each([
    ['postgres', /^postgres:/],
    ['redis', /^redis:/],
    ['minio', /^minio\/minio:/],
  ])('runs %s from its official image with a volume and a health check', (name, image) => {
    const service = compose.services[name];
    expect(service.image).toMatch(image);
    expect(service.volumes?.length).toBeGreaterThan(0);
    expect(service.healthcheck?.test).toBeDefined();
  });

  it.each(['api', 'worker', 'web'])('builds %s from a target of the Dockerfile', (name) => {
    const target = compose.services[name].build.target as string;
    expect(dockerfile).toMatch(new RegExp(`^FROM .+ AS ${target}$`, 'm'));
  });

  it('documents in .env.example every variable it sets or reads', () => {
    const text = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const interpolated = [...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((match) => match[1]);
    const appVariables = ['api', 'worker', 'web'].flatMap((name) => Object.keys(environmentOf(name)));
    const undocumented = [...new Set([...interpolated, ...appVariables])].filter((name) => !documented.has(name));
    expect(undocumented).toEqual([]);
  });

  it('gives the api an environment that passes its boot validation', () => {
    expect(() => validateEnv('api', ApiEnv, environmentOf('api'))).not.toThrow();
  });

  it('gives the worker its services and a Chromium path', () => {
    const worker = environmentOf('worker');
    expect(() => validateEnv('worker', ServicesEnv, worker)).not.toThrow();
    expect(worker.CHROMIUM_PATH).toBe('/usr/bin/chromium');
  });

  it('gives the web front door an environment that passes its boot validation', () => {
    expect(() => validateEnv('web', WebEnv, environmentOf('web'))).not.toThrow();
  });

  it('points the web front door at the api service and publishes PORT', () => {
    expect(environmentOf('web').API_URL).toBe('http://api:3001');
    expect(compose.services.web.ports).toContain('${PORT:-3000}:3000');
  });

  it('passes the operator settings of .env through to the apps', () => {
    expect(Object.keys(environmentOf('api'))).toEqual(
      expect.arrayContaining(['API_PROCESSES', 'ADMIN_EMAIL', 'ADMIN_INITIAL_PASSWORD', 'SESSION_IDLE_HOURS', 'FORM_RATE_LIMIT_PER_MINUTE', 'SITE_URL', 'WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_API_BASE', 'WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE']),
    );
    expect(Object.keys(environmentOf('worker'))).toEqual(expect.arrayContaining(['CRAWL_CONCURRENCY', 'CRAWL_LOCK_DURATION_MS']));
    const siteVariables = [...documented].filter((name) => name.startsWith('SITE_'));
    expect(siteVariables.length).toBeGreaterThan(0);
    expect(Object.keys(environmentOf('web'))).toEqual(expect.arrayContaining(siteVariables));
  });

  it('passes the same database and storage settings to the api and the worker', () => {
    const api = environmentOf('api');
    const worker = environmentOf('worker');
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_BUCKET']) expect(worker[name]).toBe(api[name]);
  });

  it("gives the web front door the store's credentials, which check the signature of every /storage URL", () => {
    const api = environmentOf('api');
    const web = environmentOf('web');
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_REGION']) expect(web[name]).toBe(api[name]);
  });
});
