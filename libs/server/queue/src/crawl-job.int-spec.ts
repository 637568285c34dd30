import { Queue } from 'bullmq';
import { CRAWL_JOB_NAME, CRAWL_JOB_OPTIONS, enqueueCrawl } from './crawl-job';
import { CRAWL_QUEUE } from './queue-names';
import { testRedisUrl } from '../../../../tools/testing/services';
import { bullOptions } from './redis-connection';

describe(enqueueCrawl.name, () => {
  let queue: Queue;

  beforeAll(async () => {
    queue = new Queue(CRAWL_QUEUE, bullOptions(testRedisUrl(9)));
    await queue.obliterate({ force: true });
  });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
  });

  it('adds a crawl-task job with the retry and backoff defaults, which a caller may override', async () => {
    const job = await enqueueCrawl(queue, { taskId: '8c3f6c1e-0000-4000-8000-000000000001', maxResults: 50, city: '长沙' });
    expect(job.name).toBe(CRAWL_JOB_NAME);
    expect(job.data).toEqual({ taskId: '8c3f6c1e-0000-4000-8000-000000000001', maxResults: 50, city: '长沙' });
    expect(job.opts).toMatchObject({ attempts: 3, backoff: { type: 'exponential', delay: 10_000 } });
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 1 });

    const once = await enqueueCrawl(queue, { taskId: '8c3f6c1e-0000-4000-8000-000000000002' }, { attempts: 1 });
    expect(once.opts.attempts).toBe(1);
    expect(CRAWL_JOB_OPTIONS.attempts).toBe(3);
  });
});
