import type { WorkerHeartbeat } from '@aipm/queue';
import { Injectable } from '@nestjs/common';
import { StorageService } from '../storage/storage.service';
import { HealthRepository } from './health.repository';
import type { DependencyHealth, HealthResponse, WorkerHealth } from './health.response';

// A dependency that has not answered within this time is down, whatever it says later. Under the 2 s a probe
// waits for the whole answer (ADR 038): the checks run side by side, so this is about the answer's time.
export const CHECK_TIMEOUT_MS = 1500;

@Injectable()
export class HealthService {
  constructor(
    private readonly dependencies: HealthRepository,
    private readonly storage: StorageService,
  ) {}

  async report(): Promise<HealthResponse> {
    const [database, redis, storage, worker] = await Promise.all([
      probe(() => this.dependencies.pingDatabase()),
      probe(() => this.dependencies.pingRedis()),
      probe(async () => {
        if (!(await this.storage.isBucketReachable())) throw new Error(`bucket ${this.storage.bucket} does not exist`);
      }),
      this.workerHealth(),
    ]);
    const allUp = [database, redis, storage].every((dependency) => dependency.status === 'up');
    return {
      status: allUp ? 'ok' : 'error',
      dependencies: { database, redis, storage },
      worker,
      uptimeSeconds: Math.round(process.uptime()),
    };
  }

  private async workerHealth(): Promise<WorkerHealth> {
    try {
      const raw = await withTimeout(this.dependencies.workerHeartbeat());
      if (!raw) return { status: 'down' };
      const heartbeat = JSON.parse(raw) as WorkerHeartbeat;
      return { status: 'up', lastBeatAt: heartbeat.beatAt };
    } catch {
      return { status: 'down' };
    }
  }
}

async function probe(check: () => Promise<unknown>): Promise<DependencyHealth> {
  const startedAt = performance.now();
  try {
    await withTimeout(check());
    return { status: 'up', latencyMs: elapsedSince(startedAt) };
  } catch (error) {
    return { status: 'down', latencyMs: elapsedSince(startedAt), error: (error as Error).message || String(error) };
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function elapsedSince(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 10) / 10;
}
