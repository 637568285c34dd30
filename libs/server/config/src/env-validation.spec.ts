import { ApiEnv, EnvValidationError, validateEnv, WorkerEnv } from './index';

const validServices = {
  DATABASE_URL: 'postgres://aipm:secret@127.0.0.1:5432/aipm',
  REDIS_URL: 'redis://127.0.0.1:6379',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY: 'key',
  S3_SECRET_KEY: 'secret',
  S3_BUCKET: 'aipm',
};
const validApi = { ...validServices, SESSION_SECRET: 'x'.repeat(32) };

function problemsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    if (error instanceof EnvValidationError) {
      return Object.fromEntries(error.problems.map((p) => [p.variable, p.reasons]));
    }
    throw error;
  }
  throw new Error('expected the environment to be rejected');
}

describe(validateEnv.name, () => {
  it('returns typed values with defaults for a complete api environment', () => {
    const env = validateEnv('api', ApiEnv, validApi);
    expect(env.API_PORT).toBe(3001);
    expect(env.API_HOST).toBe('127.0.0.1');
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.S3_REGION).toBe('us-east-1');
    expect(env.DATABASE_URL).toBe(validApi.DATABASE_URL);
  });

  it('leaves WeChat sharing optional, with the real API as its default', () => {
    const env = validateEnv('api', ApiEnv, validApi);
    expect(env.WECHAT_APP_ID).toBeUndefined();
    expect(env.WECHAT_APP_SECRET).toBeUndefined();
    expect(env.WECHAT_API_BASE).toBe('https://api.weixin.qq.com');
    expect(env.WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE).toBe(30);
  });

  it('wants the WeChat app id and secret together, each in its WeChat form', () => {
    const wechat = { WECHAT_APP_ID: 'wx1234567890abcdef', WECHAT_APP_SECRET: '0123456789abcdef0123456789abcdef' };
    expect(validateEnv('api', ApiEnv, { ...validApi, ...wechat }).WECHAT_APP_ID).toBe(wechat.WECHAT_APP_ID);
    expect(Object.keys(problemsOf(() => validateEnv('api', ApiEnv, { ...validApi, WECHAT_APP_ID: wechat.WECHAT_APP_ID })))).toEqual(['WECHAT_APP_SECRET']);
    expect(Object.keys(problemsOf(() => validateEnv('api', ApiEnv, { ...validApi, WECHAT_APP_SECRET: wechat.WECHAT_APP_SECRET })))).toEqual(['WECHAT_APP_ID']);
    const problems = problemsOf(() =>
      validateEnv('api', ApiEnv, { ...validApi, WECHAT_APP_ID: 'my-app', WECHAT_APP_SECRET: 'secret with spaces', WECHAT_API_BASE: 'api.weixin.qq.com', SITE_URL: 'www.example.cn' }),
    );
    expect(Object.keys(problems).sort()).toEqual(['SITE_URL', 'WECHAT_API_BASE', 'WECHAT_APP_ID', 'WECHAT_APP_SECRET']);
  });

  it('converts a numeric port from its string form', () => {
    expect(validateEnv('api', ApiEnv, { ...validApi, API_PORT: '4101' }).API_PORT).toBe(4101);
  });

  it('takes API_PROCESSES as a process count, 0 (the default) meaning one per core', () => {
    expect(validateEnv('api', ApiEnv, validApi).API_PROCESSES).toBe(0);
    expect(validateEnv('api', ApiEnv, { ...validApi, API_PROCESSES: '4' }).API_PROCESSES).toBe(4);
    expect(problemsOf(() => validateEnv('api', ApiEnv, { ...validApi, API_PROCESSES: '-1' }))).toEqual({
      API_PROCESSES: ['must be between 0 (one per core) and 64'],
    });
    expect(problemsOf(() => validateEnv('api', ApiEnv, { ...validApi, API_PROCESSES: 'two' }))).toEqual({
      API_PROCESSES: expect.arrayContaining(['must be a whole number of processes (0 = one per core)']),
    });
  });

  it('names every missing variable at once', () => {
    const problems = problemsOf(() => validateEnv('api', ApiEnv, {}));
    expect(Object.keys(problems).sort()).toEqual(
      ['DATABASE_URL', 'REDIS_URL', 'S3_ACCESS_KEY', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_SECRET_KEY', 'SESSION_SECRET'].sort(),
    );
    expect(problems.DATABASE_URL[0]).toBe('is missing');
  });

  it('treats an empty value as missing', () => {
    const problems = problemsOf(() => validateEnv('api', ApiEnv, { ...validApi, REDIS_URL: '' }));
    expect(Object.keys(problems)).toEqual(['REDIS_URL']);
  });

  it('explains each invalid value', () => {
    const problems = problemsOf(() =>
      validateEnv('api', ApiEnv, {
        ...validApi,
        DATABASE_URL: 'mysql://localhost/db',
        API_PORT: '70000',
        SESSION_SECRET: 'short',
        S3_BUCKET: 'Not_A_Bucket',
        LOG_LEVEL: 'loud',
      }),
    );
    expect(problems).toEqual({
      DATABASE_URL: ['must be a postgres:// URL'],
      API_PORT: ['must be a port number (1-65535)'],
      SESSION_SECRET: ['must be at least 32 characters'],
      S3_BUCKET: ['must be a valid bucket name (3-63 lowercase letters, digits, dots, dashes)'],
      LOG_LEVEL: ['must be one of trace, debug, info, warn, error, fatal, silent'],
    });
  });

  it('puts the app name and every variable in the message', () => {
    try {
      validateEnv('worker', WorkerEnv, { ...validServices, CHROMIUM_PATH: '/nonexistent/chromium' });
      throw new Error('expected a rejection');
    } catch (error) {
      expect((error as Error).message).toMatch(/^worker: invalid environment \(1 variable\):\n {2}- CHROMIUM_PATH: must be the path of an executable Chromium/);
    }
  });

  it('accepts an executable file as CHROMIUM_PATH', () => {
    expect(validateEnv('worker', WorkerEnv, { ...validServices, CHROMIUM_PATH: process.execPath }).CHROMIUM_PATH).toBe(process.execPath);
  });
});
