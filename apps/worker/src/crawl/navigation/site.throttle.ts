/**
 * One page at a time per site, with a pause between pages: each site has a queue; a page may start once
 * the previous page of that site has finished and `delayMs` has passed since. Per worker process.
 */
export class SiteThrottle {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(site: string, delayMs: number, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(site) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.tails.set(site, tail);
    await previous;
    try {
      return await work();
    } finally {
      setTimeout(release, delayMs);
      // Forget a finished queue so the map does not grow with every site ever seen.
      void tail.then(() => {
        if (this.tails.get(site) === tail) this.tails.delete(site);
      });
    }
  }
}
