// Load generation shared by the API benches (registrations, students): calls at a fixed concurrency,
// latencies summarised as percentiles.
import { performance } from 'node:perf_hooks';

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Runs `total` calls of `call(i)` with at most `concurrency` in flight. `call` resolves with a status to
 * count (an HTTP status, say); a throw counts as "error <code>". Latencies in ms.
 */
export async function load(total, concurrency, call) {
  const latencies = new Array(total);
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const t0 = performance.now();
        let status;
        try {
          status = await call(index);
        } catch (error) {
          status = `error ${error.cause?.code ?? error.message}`;
        }
        latencies[index] = performance.now() - t0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.slice().sort((a, b) => a - b);
  return {
    seconds,
    perSecond: total / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1],
    statuses,
  };
}
