import { bullOptions, workerOptions } from '@aipm/queue';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { flushRedis, testRedisUrl } from '../../../../tools/testing/services';
import { METRIC_NAMES } from './names';
import { queueMetrics } from './queues';
import { createRegistry } from './registry';

/** Queue metrics against the Redis npm test started: read from BullMQ's own keys when scraped. */
describe('queue metrics', () => {
  const redisUrl = testRedisUrl(10);

  beforeAll(() => flushRedis(redisUrl));

  it('says how many jobs wait in each state and how long the oldest has waited', async () => {
    const queue = new Queue('metrics-waiting', bullOptions(redisUrl));
    try {
      const registry = createRegistry('api');
      const at = Date.now();
      queueMetrics(registry, [queue], () => at + 20 * 60_000);
      expect(await registry.metrics()).toContain(`${METRIC_NAMES.queueOldestWaiting}{queue="metrics-waiting",app="api"} 0`);
      await queue.add('one', {}, { timestamp: at });
      await queue.add('two', {}, { timestamp: at + 60_000 });
      await queue.add('later', {}, { delay: 3_600_000 });
      const text = await registry.metrics();
      expect(text).toContain(`${METRIC_NAMES.queueJobs}{queue="metrics-waiting",state="waiting",app="api"} 2`);
      expect(text).toContain(`${METRIC_NAMES.queueJobs}{queue="metrics-waiting",state="delayed",app="api"} 1`);
      // The oldest waiting job was added 20 minutes before "now".
      expect(text).toContain(`${METRIC_NAMES.queueOldestWaiting}{queue="metrics-waiting",app="api"} 1200`);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('counts the jobs the workers finished, by outcome, as BullMQ keeps them in Redis', async () => {
    const options = bullOptions(redisUrl);
    const queue = new Queue('metrics-outcomes', options);
    const events = new QueueEvents('metrics-outcomes', options);
    const worker = new Worker(
      'metrics-outcomes',
      async (job) => {
        if (job.name === 'bad') throw new Error('refused');
      },
      workerOptions(redisUrl),
    );
    try {
      // Another process's registry (the API's) reads what this worker did.
      const registry = createRegistry('api');
      queueMetrics(registry, [queue]);
      await events.waitUntilReady();
      await (await queue.add('good', {})).waitUntilFinished(events);
      await expect((await queue.add('bad', {})).waitUntilFinished(events)).rejects.toThrow('refused');
      const text = await registry.metrics();
      expect(text).toContain(`${METRIC_NAMES.jobsFinished}{queue="metrics-outcomes",outcome="completed",app="api"} 1`);
      expect(text).toContain(`${METRIC_NAMES.jobsFinished}{queue="metrics-outcomes",outcome="failed",app="api"} 1`);
    } finally {
      await worker.close();
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });
});
