// The shape every ensure<Service>(ctx) resolves to:
//   { name, status: 'given'|'started'|'found'|'installed'|'stored'|'generated', env, detail, stop, unexpectedExit }
// `unexpectedExit` resolves (with { name, code, signal }) only if a started process dies on its own.
import { stopChild } from '../lib/proc.mjs';

const never = new Promise(() => {});
const noop = async () => {};

/** Nothing started: the variable was already set, or nothing needs running (chromium, secrets). */
export function passive(name, status, env, detail) {
  return { name, status, env, detail, stop: noop, unexpectedExit: never };
}

export const given = (name, env) => passive(name, 'given', env, 'from the environment');

/**
 * Stop handle for a child started with spawnService: `stopSteps` are [signal, ms] escalations. The
 * first signal is also what the watchdog sends should this process die without calling stop().
 */
export function supervise(ctx, child, stopSteps) {
  ctx.guard.watch(child.pid, stopSteps[0][0]);
  let stopping = false;
  const unexpectedExit = child.exited.then((result) => (stopping ? never : result));
  return {
    unexpectedExit,
    async stop() {
      stopping = true;
      await stopChild(child, stopSteps);
      ctx.guard.forget(child.pid);
    },
  };
}
