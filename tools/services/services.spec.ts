import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSecrets } from '../lib/secrets.mjs';
import { ensureChromium } from './chromium.mjs';
import { formatTable, startServices } from './index.mjs';
import { ensurePostgres } from './postgres.mjs';
import { ensureRedis } from './redis.mjs';
import { ensureS3 } from './s3.mjs';
import { ensureCrawlerSessionKey, ensureSessionSecret } from './session.mjs';

/** A context in which starting, installing or locking anything fails the test. */
function givenOnlyContext(env: Record<string, string>) {
  const forbidden = (what: string) => () => {
    throw new Error(`${what} must not be called when the variable is given`);
  };
  return {
    env,
    lockDataDir: forbidden('lockDataDir'),
    installPackage: forbidden('installPackage'),
    get guard(): never {
      throw new Error('no process may be started');
    },
    secrets: { get: forbidden('secrets.get') },
  };
}

const temporaryDirs: string[] = [];
function temporaryDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-services-'));
  temporaryDirs.push(dir);
  return dir;
}
afterAll(() => temporaryDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('a variable already set in the environment', () => {
  it.each([
    [ensurePostgres.name, ensurePostgres, { DATABASE_URL: 'postgres://u:p@db:5432/aipm' }],
    [ensureRedis.name, ensureRedis, { REDIS_URL: 'redis://cache:6379' }],
    [ensureChromium.name, ensureChromium, { CHROMIUM_PATH: '/opt/chrome/chrome' }],
    [ensureSessionSecret.name, ensureSessionSecret, { SESSION_SECRET: 'x'.repeat(40) }],
    [ensureCrawlerSessionKey.name, ensureCrawlerSessionKey, { CRAWLER_SESSION_KEY: 'k'.repeat(40) }],
  ])('%s uses it and starts nothing', async (_name, ensure, env) => {
    const service = await ensure(givenOnlyContext(env));
    expect(service.status).toBe('given');
    expect(service.env).toEqual(env);
    await expect(service.stop()).resolves.toBeUndefined();
  });

  it('S3_ENDPOINT keeps the given keys, bucket and region', async () => {
    const env = { S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'minioadmin', S3_SECRET_KEY: 'minioadmin', S3_BUCKET: 'photos', S3_REGION: 'eu-west-1' };
    const service = await ensureS3(givenOnlyContext(env));
    expect(service.status).toBe('given');
    expect(service.env).toEqual(env);
  });
});

describe(openSecrets.name, () => {
  it('generates a value once and returns the stored one afterwards, across runs', () => {
    const file = path.join(temporaryDir(), 'secrets.json');
    const generate = jest.fn(() => 'first');
    expect(openSecrets(file).get('postgresPassword', generate)).toBe('first');
    expect(openSecrets(file).get('postgresPassword', () => 'second')).toBe('first');
    expect(generate).toHaveBeenCalledTimes(1);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the values already stored when it adds one', () => {
    const file = path.join(temporaryDir(), 'secrets.json');
    fs.writeFileSync(file, JSON.stringify({ redisPassword: 'kept' }));
    openSecrets(file).get('sessionSecret', () => 'new');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ redisPassword: 'kept', sessionSecret: 'new' });
  });
});

describe(ensureSessionSecret.name, () => {
  it('generates a long secret on the first run and reuses it on the next', async () => {
    const file = path.join(temporaryDir(), 'secrets.json');
    const context = () => ({ env: {}, secrets: openSecrets(file), show: (p: string) => p });
    const first = await ensureSessionSecret(context());
    const second = await ensureSessionSecret(context());
    expect(first.status).toBe('generated');
    expect(second.status).toBe('stored');
    expect(first.env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.env.SESSION_SECRET).toBe(first.env.SESSION_SECRET);
  });
});

describe(ensureCrawlerSessionKey.name, () => {
  it('generates a key beside the session secret on the first run and reuses it on the next', async () => {
    const file = path.join(temporaryDir(), 'secrets.json');
    const context = () => ({ env: {}, secrets: openSecrets(file), show: (p: string) => p });
    const first = await ensureCrawlerSessionKey(context());
    const second = await ensureCrawlerSessionKey(context());
    const secret = await ensureSessionSecret(context());
    expect([first.status, second.status]).toEqual(['generated', 'stored']);
    expect(first.env.CRAWLER_SESSION_KEY.length).toBeGreaterThanOrEqual(32);
    expect(second.env.CRAWLER_SESSION_KEY).toBe(first.env.CRAWLER_SESSION_KEY);
    expect(secret.env.SESSION_SECRET).not.toBe(first.env.CRAWLER_SESSION_KEY);
  });
});

describe(startServices.name, () => {
  function stubContext() {
    const controller = new AbortController();
    return { signal: controller.signal, abort: () => controller.abort(), log: jest.fn(), close: jest.fn() };
  }
  const started = (name: string, stopped: string[]) => async () => ({
    name,
    status: 'started',
    env: { [`${name.toUpperCase()}_URL`]: `x://${name}` },
    detail: `${name} 1.0`,
    stop: async () => {
      stopped.push(name);
    },
    unexpectedExit: new Promise(() => {}),
  });

  it('merges the env of every service', async () => {
    const stopped: string[] = [];
    const services = await startServices(stubContext(), [started('a', stopped), started('b', stopped)]);
    expect(services.env).toEqual({ A_URL: 'x://a', B_URL: 'x://b' });
    await services.stop();
    expect(stopped).toEqual(['b', 'a']); // reverse order
  });

  it('stops what did start when another service fails, and reports the failure', async () => {
    const stopped: string[] = [];
    const failing = async () => {
      throw new Error('PostgreSQL is not installed');
    };
    const ctx = stubContext();
    await expect(startServices(ctx, [started('a', stopped), failing, started('c', stopped)])).rejects.toThrow('PostgreSQL is not installed');
    expect(stopped).toEqual(['c', 'a']);
    expect(ctx.close).toHaveBeenCalled();
  });
});

describe(formatTable.name, () => {
  it('prints no password and no session secret', () => {
    const table = formatTable([
      { name: 'postgres', status: 'started', env: { DATABASE_URL: 'postgres://aipm:hunter2@127.0.0.1:5/aipm' }, detail: 'PostgreSQL 15', seconds: 0.2 },
      { name: 'session', status: 'stored', env: { SESSION_SECRET: 'hunter3-hunter3-hunter3-hunter3-hunter3' }, detail: 'kept' },
    ]);
    expect(table).toContain('postgres://aipm:***@127.0.0.1:5/aipm');
    expect(table).not.toMatch(/hunter/);
  });
});
