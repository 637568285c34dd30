// Restart with backoff for what `npm start` runs (the apps and the embedded services).
import { describeExit, sleep } from './proc.mjs';

export const RESTART_POLICY = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  /** A unit that ran this long before dying was healthy: the next restart is quick again. */
  stableAfterMs: 60_000,
  /** Exits in a row, each soon after its start: a crash loop is a bug or a broken setting, not bad luck. */
  maxQuickExits: 5,
};

/**
 * Keeps one unit running. `handle` is the running unit: { exited: Promise<exit info>, stop(): Promise };
 * `exited` resolves only when it dies on its own. `restart()` starts it again and returns a new handle
 * (it may throw: that counts as one more exit). `afterExit(exit)` cleans up before the restart.
 * `gaveUp` resolves with a reason after maxQuickExits quick exits in a row; `stop()` ends the watch and
 * stops the unit.
 * @typedef {{ exited: Promise<object>, stop: () => Promise<void>, kill?: () => void }} Handle
 * @param {{ name: string, handle: Handle, restart: () => Promise<Handle>, afterExit?: (exit: object) => Promise<void>,
 *   log: (line: string) => void, policy?: typeof RESTART_POLICY }} options
 */
export function keepRunning({ name, handle, restart, afterExit = async () => {}, log, policy = RESTART_POLICY }) {
  let current = handle;
  let stopping = false;
  let wakeStopped;
  const stopped = new Promise((resolve) => (wakeStopped = resolve));

  const watch = (async () => {
    let startedAt = Date.now();
    let quickExits = 0;
    let delayMs = policy.firstDelayMs;
    for (;;) {
      const exit = await Promise.race([current.exited, stopped]);
      if (stopping) return null;
      await afterExit(exit).catch((error) => log(`${name}: cleaning up after it failed: ${error.message}`));
      if (Date.now() - startedAt >= policy.stableAfterMs) {
        quickExits = 0;
        delayMs = policy.firstDelayMs;
      }
      quickExits += 1;
      if (quickExits >= policy.maxQuickExits) {
        return `${name} exited ${quickExits} times in a row, each soon after starting (last: ${describeExit(exit)})`;
      }
      log(`${name} exited unexpectedly (${describeExit(exit)}): restarting in ${delayMs / 1000} s`);
      await Promise.race([sleep(delayMs), stopped]);
      if (stopping) return null;
      delayMs = Math.min(delayMs * 2, policy.maxDelayMs);
      startedAt = Date.now();
      try {
        current = await restart();
        if (stopping) return null; // stop() came during the start: it stops this new one below
        log(`${name} restarted`);
      } catch (error) {
        // Counted like an exit: the loop waits longer and tries again.
        current = { exited: Promise.resolve({ error }), stop: async () => {} };
      }
    }
  })();

  return {
    name,
    gaveUp: watch.then((reason) => reason ?? new Promise(() => {})),
    get current() {
      return current;
    },
    async stop() {
      stopping = true;
      wakeStopped();
      await watch; // a restart under way finishes first, so what it started is stopped too
      await current.stop();
    },
  };
}
