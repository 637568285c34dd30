import { keepRunning } from './supervisor.mjs';

/** A unit whose exit the test triggers, as a real child's `exited` would resolve. */
function unit() {
  let exit!: (info: { code: number }) => void;
  const exited = new Promise<{ code: number }>((resolve) => (exit = resolve));
  const handle = { exited, stopped: false, stop: async () => void (handle.stopped = true) };
  return { handle, exit };
}

const FAST = { firstDelayMs: 5, maxDelayMs: 20, stableAfterMs: 60_000, maxQuickExits: 3 };
const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until `done()` holds (the state the test needs, however loaded the machine), for at most 5 s. */
async function until(done: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 5_000; !done() && Date.now() < deadline; ) await tick(5);
}

describe('keepRunning', () => {
  it('restarts a unit that exits on its own and stops the restarted one', async () => {
    const first = unit();
    const second = unit();
    const lines: string[] = [];
    const cleaned: unknown[] = [];
    const watched = keepRunning({
      name: 'worker',
      handle: first.handle,
      restart: async () => second.handle,
      afterExit: async (exit: unknown) => void cleaned.push(exit),
      log: (line: string) => lines.push(line),
      policy: FAST,
    });
    first.exit({ code: 1 });
    await until(() => watched.current === second.handle && lines.length === 2);
    expect(cleaned).toEqual([{ code: 1 }]);
    expect(watched.current).toBe(second.handle);
    expect(lines).toEqual(['worker exited unexpectedly (code 1): restarting in 0.005 s', 'worker restarted']);
    await watched.stop();
    expect(second.handle.stopped).toBe(true);
  });

  it('gives up on a crash loop, with the reason', async () => {
    const handles = [unit(), unit(), unit()];
    let started = 0;
    const watched = keepRunning({ name: 'api', handle: handles[0].handle, restart: async () => handles[++started].handle, log: () => {}, policy: FAST });
    handles[0].exit({ code: 1 });
    await until(() => started === 1);
    handles[1].exit({ code: 1 });
    await until(() => started === 2);
    handles[2].exit({ code: 2 });
    await expect(watched.gaveUp).resolves.toBe('api exited 3 times in a row, each soon after starting (last: code 2)');
  });

  it('retries a restart that throws, waiting longer each time', async () => {
    const first = unit();
    const later = unit();
    const lines: string[] = [];
    let attempts = 0;
    const watched = keepRunning({
      name: 'postgres',
      handle: first.handle,
      restart: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('shared memory still in use');
        return later.handle;
      },
      log: (line: string) => lines.push(line),
      policy: { ...FAST, maxQuickExits: 5 },
    });
    first.exit({ code: 1 });
    await until(() => lines.length === 3);
    expect(attempts).toBe(2);
    expect(lines).toEqual([
      'postgres exited unexpectedly (code 1): restarting in 0.005 s',
      'postgres exited unexpectedly (shared memory still in use): restarting in 0.01 s',
      'postgres restarted',
    ]);
    await watched.stop();
    expect(later.handle.stopped).toBe(true);
  });

  it('a stop is not a crash: nothing restarts', async () => {
    const first = unit();
    let restarts = 0;
    const watched = keepRunning({ name: 'web', handle: first.handle, restart: async () => (restarts++, unit().handle), log: () => {}, policy: FAST });
    await watched.stop();
    first.exit({ code: 0 });
    await tick();
    expect(restarts).toBe(0);
    expect(first.handle.stopped).toBe(true);
  });
});
