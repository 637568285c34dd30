/** Logical Redis databases each Jest worker owns: a suite asks for one of 0…15 within its worker's range. */
export const REDIS_DATABASES_PER_WORKER = 16;

/**
 * The Redis that npm test started, on another logical database so suites that run together keep their keys apart.
 * Suites of one Jest worker run one after another and may share a number; suites of two workers run at the same
 * time, so each worker gets its own range (the embedded Redis has 64 databases: four workers).
 */
export function testRedisUrl(database: number): string {
  if (!Number.isInteger(database) || database < 0 || database >= REDIS_DATABASES_PER_WORKER) throw new RangeError(`a test's Redis database is 0…${REDIS_DATABASES_PER_WORKER - 1}, not ${database}`);
  const worker = Number(process.env.JEST_WORKER_ID ?? 1);
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = `/${(worker - 1) * REDIS_DATABASES_PER_WORKER + database}`;
  return url.toString();
}
