import { bullOptions } from '@aipm/queue';
import { QueueEvents } from 'bullmq';

/**
 * A queue's event stream for requests that wait on a job, opened on first use (most API processes never
 * wait on one) and closed without hanging while Redis is down.
 */
export class QueueEventsConnection {
  private events?: QueueEvents;

  constructor(
    private readonly queueName: string,
    private readonly redisUrl: string,
  ) {}

  /** Ready to report: call before adding the job, so its end cannot be missed. */
  async ready(): Promise<QueueEvents> {
    if (!this.events) {
      this.events = new QueueEvents(this.queueName, bullOptions(this.redisUrl));
      // A Redis outage surfaces on the request that waits; the listener only keeps it from crashing the process.
      this.events.on('error', () => undefined);
    }
    await this.events.waitUntilReady();
    return this.events;
  }

  async close(): Promise<void> {
    if (!this.events) return;
    // close() waits for a connection that never comes while Redis is down: give it a moment, then cut it.
    const timedOut = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 2000).unref());
    if ((await Promise.race([this.events.close(), timedOut])) === 'timeout') await this.events.disconnect();
  }
}
