import { Counter, Gauge, type Registry } from 'prom-client';
import { METRIC_NAMES } from './names';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized', 'waiting-children'] as const;

/** What the queue metrics read of a BullMQ queue (structural, so this library needs no BullMQ of its own). */
export interface QueueLike {
  name: string;
  getJobCounts(...types: Array<(typeof STATES)[number]>): Promise<Record<string, number>>;
  getJobs(types: Array<'waiting' | 'prioritized'>, start?: number, end?: number, asc?: boolean): Promise<Array<{ timestamp: number } | undefined>>;
  /** BullMQ's count of the jobs its workers finished (workerOptions of @aipm/queue turns it on). */
  getMetrics(type: 'completed' | 'failed', start?: number, end?: number): Promise<{ meta: { count: number } }>;
}


/** How long the oldest waiting job of a queue has waited, in seconds (0 when none waits; a prioritized job waits too). */
export async function oldestWaitSeconds(queue: Pick<QueueLike, 'getJobs'>, now: number = Date.now()): Promise<number> {
  const oldest = (await Promise.all((['waiting', 'prioritized'] as const).map(async (type) => (await queue.getJobs([type], 0, 0, true))[0]?.timestamp)))
    .filter((timestamp): timestamp is number => typeof timestamp === 'number')
    .sort((a, b) => a - b)[0];
  return oldest === undefined ? 0 : Math.max(0, (now - oldest) / 1000);
}

/**
 * Each queue's jobs by state, the wait of its oldest waiting job, and the jobs its workers finished by outcome, read
 * from Redis when Prometheus scrapes: every replica answers the same (one process's answer counts, not their sum), and
 * nothing runs between scrapes.
 */
export function queueMetrics(registry: Registry, queues: readonly QueueLike[], now: () => number = Date.now): void {
  new Gauge({
    name: METRIC_NAMES.queueJobs,
    help: 'Jobs in each queue, by state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    // Every process reads the same Redis: across an API cluster, one process's answer, not their sum.
    aggregator: 'first',
    async collect() {
      this.reset();
      for (const queue of queues) {
        const counts = await queue.getJobCounts(...STATES);
        for (const state of STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
      }
    },
  });
  new Gauge({
    name: METRIC_NAMES.queueOldestWaiting,
    help: 'Seconds the oldest waiting job of each queue has waited (0 when none waits)',
    labelNames: ['queue'],
    registers: [registry],
    aggregator: 'first',
    async collect() {
      this.reset();
      for (const queue of queues) this.set({ queue: queue.name }, await oldestWaitSeconds(queue, now()));
    },
  });
  new Counter({
    name: METRIC_NAMES.jobsFinished,
    help: 'Jobs the workers finished, by queue and outcome (BullMQ counts them in Redis)',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
    aggregator: 'first',
    async collect() {
      this.reset();
      for (const queue of queues) {
        for (const outcome of ['completed', 'failed'] as const) this.inc({ queue: queue.name, outcome }, (await queue.getMetrics(outcome, 0, 0)).meta.count);
      }
    },
  });
}
