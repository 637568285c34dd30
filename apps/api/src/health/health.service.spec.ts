import type { StorageService } from '../storage/storage.service';
import type { HealthRepository } from './health.repository';
import { CHECK_TIMEOUT_MS, HealthService } from './health.service';

const never = new Promise<never>(() => undefined);

/** Dependencies that answer as told: at once, with a failure, or never. */
class FakeDependencies implements Pick<HealthRepository, keyof HealthRepository> {
  database: 'up' | Error | 'silent' = 'up';
  redis: 'up' | Error | 'silent' = 'up';
  heartbeat: string | null | 'silent' = JSON.stringify({ beatAt: '2026-11-24T02:00:00.000Z' });

  private answer(state: 'up' | Error | 'silent'): Promise<void> {
    if (state === 'silent') return never;
    return state === 'up' ? Promise.resolve() : Promise.reject(state);
  }

  pingDatabase() {
    return this.answer(this.database);
  }

  pingRedis() {
    return this.answer(this.redis);
  }

  workerHeartbeat() {
    return this.heartbeat === 'silent' ? never : Promise.resolve(this.heartbeat);
  }
}

describe(HealthService.name, () => {
  let dependencies: FakeDependencies;
  let bucketExists: boolean;
  let health: HealthService;

  beforeEach(() => {
    dependencies = new FakeDependencies();
    bucketExists = true;
    const storage: Pick<StorageService, 'bucket' | 'isBucketReachable'> = { bucket: 'aipm-files', isBucketReachable: async () => bucketExists };
    health = new HealthService(dependencies as unknown as HealthRepository, storage as StorageService);
  });

  afterEach(() => jest.useRealTimers());

  it('is ok when the database, Redis and storage all answer, and names the worker’s last heartbeat', async () => {
    const report = await health.report();
    expect(report.status).toBe('ok');
    expect(Object.values(report.dependencies).map((dependency) => dependency.status)).toEqual(['up', 'up', 'up']);
    expect(report.worker).toEqual({ status: 'up', lastBeatAt: '2026-11-24T02:00:00.000Z' });
  });

  it('is an error when one dependency fails, saying why', async () => {
    dependencies.redis = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    bucketExists = false;
    const report = await health.report();
    expect(report.status).toBe('error');
    expect(report.dependencies.redis).toMatchObject({ status: 'down', error: 'connect ECONNREFUSED 127.0.0.1:6379' });
    expect(report.dependencies.storage).toMatchObject({ status: 'down', error: 'bucket aipm-files does not exist' });
    expect(report.dependencies.database.status).toBe('up');
  });

  it('calls a dependency that does not answer in time down, without waiting for it (ADR 038)', async () => {
    jest.useFakeTimers();
    dependencies.database = 'silent';
    dependencies.heartbeat = 'silent';
    const reporting = health.report();
    await jest.advanceTimersByTimeAsync(CHECK_TIMEOUT_MS);
    const report = await reporting;
    expect(report.dependencies.database).toMatchObject({ status: 'down', error: `no answer within ${CHECK_TIMEOUT_MS} ms` });
    expect(report.status).toBe('error');
    expect(report.worker).toEqual({ status: 'down' });
  });

  it('calls the worker down without a heartbeat or with an unreadable one, and stays ok (informational)', async () => {
    dependencies.heartbeat = null;
    expect(await health.report()).toMatchObject({ status: 'ok', worker: { status: 'down' } });
    dependencies.heartbeat = '{not json';
    expect(await health.report()).toMatchObject({ status: 'ok', worker: { status: 'down' } });
  });
});
