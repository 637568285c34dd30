// Brings up every embedded service the environment does not already provide, in parallel, and stops
// them again in reverse order. Used by tools/with-services.mjs and tools/start.mjs.
import { maskSecrets } from '../lib/env.mjs';
import { ensureChromium } from './chromium.mjs';
import { ensurePostgres } from './postgres.mjs';
import { ensureRedis } from './redis.mjs';
import { ensureS3 } from './s3.mjs';
import { ensureCrawlerSessionKey, ensureSessionSecret } from './session.mjs';
import { ensureBackupTarget } from './backups.mjs';

export { createContext } from './context.mjs';

export const SERVICES = [ensurePostgres, ensureRedis, ensureS3, ensureChromium, ensureSessionSecret, ensureCrawlerSessionKey, ensureBackupTarget];

/**
 * @returns {Promise<{ env: Record<string,string>, services: object[], stop: () => Promise<void>,
 *   unexpectedExit: Promise<{ name, code, signal }>, restart: (name: string) => Promise<object> }>}
 * Throws (after stopping whatever did start) if any service fails or ctx.abort() was called.
 */
export async function startServices(ctx, ensures = SERVICES) {
  const settled = await Promise.allSettled(
    ensures.map(async (ensure) => {
      const began = Date.now();
      try {
        const service = await ensure(ctx);
        return { ...service, seconds: (Date.now() - began) / 1000 };
      } catch (error) {
        ctx.abort(); // one failure is enough: the others stop waiting and we clean up sooner
        throw error;
      }
    }),
  );
  const services = settled.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const ensureOf = new Map(services.map((service) => [service.name, ensures[settled.findIndex((r) => r.value === service)]]));
  const stop = async () => {
    for (const service of [...services].reverse()) {
      try {
        await service.stop();
      } catch (error) {
        ctx.log(`could not stop ${service.name}: ${error.message}`);
      }
    }
    ctx.close();
  };

  const failures = settled.filter((r) => r.status === 'rejected').map((r) => r.reason);
  if (failures.length || ctx.signal.aborted) {
    await stop();
    const causes = failures.filter((error) => !error.aborted); // not the waits we cut short ourselves
    const messages = [...new Set(causes.map((e) => e.message))];
    const error = new Error(messages.length ? messages.join('\n') : 'interrupted');
    error.interrupted = !causes.length;
    throw error;
  }
  return {
    env: Object.assign({}, ...services.map((s) => s.env)),
    services,
    stop,
    unexpectedExit: Promise.race(services.map((s) => s.unexpectedExit.then((exit) => ({ name: s.name, ...exit })))),
    /**
     * Starts a service that died again, on its port (ctx.port), and puts the new handle where `stop`
     * finds it. Throws like the first start did.
     */
    async restart(name) {
      const index = services.findIndex((service) => service.name === name);
      const service = { ...(await ensureOf.get(name)(ctx)), seconds: 0 };
      services[index] = service;
      return service;
    },
  };
}

/** The services as a small table, passwords masked (the output may end up in CI logs). */
export function formatTable(services) {
  const rows = services.map((s) => [
    s.name,
    s.status,
    s.name === 'session' || s.name === 'crawler-sessions' ? '(hidden)' : maskSecrets(Object.values(s.env)[0] ?? ''),
    [s.detail, s.status === 'started' ? `up in ${s.seconds.toFixed(1)} s` : ''].filter(Boolean).join(', '),
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell)).join('  ').trimEnd()).join('\n');
}
