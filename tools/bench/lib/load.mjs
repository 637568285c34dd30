// Load generation shared by the API benches (registrations, students): calls at a fixed concurrency,
// latencies summarised as percentiles, and the CPU the generator itself spent (it shares the machine).
import { Agent, request } from 'node:http';
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
  const cpuBefore = process.cpuUsage();
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
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = latencies.slice().sort((a, b) => a - b);
  return {
    seconds,
    perSecond: total / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1],
    statuses,
    /** The generator's own CPU (user + system) as a share of one core over the run. */
    clientCpuShare: (cpu.user + cpu.system) / 1e6 / seconds,
  };
}

/**
 * An HTTP/1.1 client over `concurrency` kept-alive connections to `base`, for the load itself: Node's own
 * `http`, which costs the generator a third to a half of the CPU of `fetch` per call (ADR 033), CPU
 * the API under test would otherwise lose on a 2-core machine. `send` resolves with the status and the body
 * as text, read to the end.
 */
export function keepAliveClient(base, concurrency) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const { hostname, port } = new URL(base);
  return {
    send({ method = 'GET', path, headers = {}, body }) {
      return new Promise((resolve, reject) => {
        const outgoing = request({ agent, hostname, port, method, path, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode, text }));
          response.on('error', reject);
        });
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
