import { Semaphore } from './semaphore';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe(Semaphore.name, () => {
  it('runs at most its limit at once and the rest in arrival order', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 6 }, (_, index) =>
      semaphore.run(async () => {
        started.push(index);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(semaphore.load).toEqual({ active: 2, waiting: 4 });
    while (releases.length > 0) {
      releases.shift()!();
      await tick();
      await tick();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(semaphore.load).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the turn of a task that throws', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(semaphore.run(() => Promise.resolve('next'))).resolves.toBe('next');
    expect(semaphore.load).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses a limit below 1', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
