/**
 * At most `limit` tasks at once; the rest wait in arrival order. Used where the work is CPU-bound
 * (password hashing), so a burst queues instead of starving every other request of the event loop's threads.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a semaphore needs a limit of at least 1, got ${limit}`);
  }

  /** Tasks running now and tasks waiting for a turn. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      // The turn passes straight to the next waiter, so `active` never drops below the limit while any wait.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
