import { leadNotifyJobId, NOTIFY_JOB_NAME } from '@aipm/queue';
import type { Queue } from 'bullmq';
import type { LeadNotificationOutboxRepository } from './lead-notification-outbox.repository';
import { NotifyRelay, RELAY_BATCH } from './notify-relay.service';

/** The outbox in memory: row ids in the order they were written, and which of them are marked queued. */
class InMemoryOutbox implements Pick<LeadNotificationOutboxRepository, 'unqueued' | 'markQueued'> {
  readonly rows: string[] = [];
  readonly queued = new Set<string>();
  reads = 0;

  write(count: number, prefix = 'n'): void {
    for (let index = 0; index < count; index += 1) this.rows.push(`${prefix}${this.rows.length}`);
  }

  async unqueued(limit: number) {
    this.reads += 1;
    return this.rows.filter((id) => !this.queued.has(id)).slice(0, limit);
  }

  async markQueued(ids: readonly string[]) {
    for (const id of ids) this.queued.add(id);
  }
}

/** The notify queue's addBulk: the job ids it was given, failing while `down` (Redis gone). */
class RecordingQueue {
  readonly jobIds: string[] = [];
  readonly names = new Set<string>();
  down = false;
  onAdd?: () => void;

  async addBulk(jobs: Array<{ name: string; opts?: { jobId?: string } }>) {
    if (this.down) throw new Error('Connection is closed.');
    this.onAdd?.();
    for (const job of jobs) {
      this.names.add(job.name);
      this.jobIds.push(job.opts?.jobId ?? '');
    }
    return [];
  }
}

function relayOver(outbox: InMemoryOutbox, queue: RecordingQueue): NotifyRelay {
  return new NotifyRelay(outbox as unknown as LeadNotificationOutboxRepository, queue as unknown as Queue);
}

describe(NotifyRelay.name, () => {
  it(`queues every unqueued row in batches of ${RELAY_BATCH}, each under its own job id, and marks them`, async () => {
    const outbox = new InMemoryOutbox();
    const queue = new RecordingQueue();
    outbox.write(RELAY_BATCH * 2 + 3);
    const relay = relayOver(outbox, queue);
    relay.kick();
    await relay.settled();
    expect(queue.jobIds).toEqual(outbox.rows.map(leadNotifyJobId));
    expect(queue.names).toEqual(new Set([NOTIFY_JOB_NAME]));
    expect(outbox.queued.size).toBe(outbox.rows.length);
    // Three full or partial batches; the short last one ends the pass without another read.
    expect(outbox.reads).toBe(3);
  });

  it('leaves the rows unmarked when the queue refuses them, never throws, and queues them on a later pass', async () => {
    const outbox = new InMemoryOutbox();
    const queue = new RecordingQueue();
    outbox.write(2);
    queue.down = true;
    const relay = relayOver(outbox, queue);
    expect(() => relay.kick()).not.toThrow();
    await relay.settled();
    expect(outbox.queued.size).toBe(0);

    queue.down = false;
    relay.kick();
    await relay.settled();
    expect(queue.jobIds).toEqual(outbox.rows.map(leadNotifyJobId));
    expect(outbox.queued.size).toBe(2);
  });

  it('runs one more pass for a row written during a pass, instead of a second pass beside it', async () => {
    const outbox = new InMemoryOutbox();
    const queue = new RecordingQueue();
    outbox.write(1);
    const relay = relayOver(outbox, queue);
    // A lead stored while the first pass is queueing: its kick finds a pass running.
    queue.onAdd = () => {
      queue.onAdd = undefined;
      outbox.write(1, 'late');
      relay.kick();
      relay.kick();
    };
    relay.kick();
    await relay.settled();
    expect(queue.jobIds).toEqual([leadNotifyJobId('n0'), leadNotifyJobId('late1')]);
    // The first pass's read, then one more pass for the two kicks made during it (they count once).
    expect(outbox.reads).toBe(2);
  });
});
