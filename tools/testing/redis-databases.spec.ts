import { REDIS_DATABASES_PER_WORKER, testRedisUrl } from './redis-databases';

describe(testRedisUrl.name, () => {
  const saved = { worker: process.env.JEST_WORKER_ID, url: process.env.REDIS_URL };
  afterEach(() => {
    for (const [name, value] of [['JEST_WORKER_ID', saved.worker], ['REDIS_URL', saved.url]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('gives each Jest worker its own range of logical databases, so suites that run together never share one', () => {
    process.env.REDIS_URL = 'redis://:secret@127.0.0.1:6400';
    process.env.JEST_WORKER_ID = '1';
    expect(testRedisUrl(0)).toBe('redis://:secret@127.0.0.1:6400/0');
    expect(testRedisUrl(15)).toBe('redis://:secret@127.0.0.1:6400/15');
    process.env.JEST_WORKER_ID = '2';
    expect(testRedisUrl(0)).toBe(`redis://:secret@127.0.0.1:6400/${REDIS_DATABASES_PER_WORKER}`);
    expect(testRedisUrl(15)).toBe(`redis://:secret@127.0.0.1:6400/${2 * REDIS_DATABASES_PER_WORKER - 1}`);
  });

  it('refuses a number outside a worker range, which would reach the next worker', () => {
    expect(() => testRedisUrl(16)).toThrow(RangeError);
    expect(() => testRedisUrl(-1)).toThrow(RangeError);
  });
});
