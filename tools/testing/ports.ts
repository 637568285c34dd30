import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';

/** Where free server ports are taken from: above the usual fixed ports, up to the kernel's ephemeral range. */
const SERVER_PORTS_FROM = 10_000;
/** Slices of that room, one per Jest or Playwright worker, so two workers never pick the same port. */
const WORKER_SLICES = 8;

/**
 * The ports the kernel hands to `listen(0)` and to outgoing connections (`net.ipv4.ip_local_port_range`).
 * Linux's default when /proc cannot be read.
 */
export function ephemeralPortRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low > SERVER_PORTS_FROM) return [low, high];
  } catch {
    // not Linux, or /proc is hidden
  }
  return [32_768, 60_999];
}

/** The slice of server ports this test worker picks from: Jest counts workers from 1, Playwright from 0. */
export function serverPortSlice(): [number, number] {
  const jestWorker = Number(process.env.JEST_WORKER_ID);
  const playwrightWorker = Number(process.env.TEST_PARALLEL_INDEX);
  const index = Number.isInteger(jestWorker) && jestWorker > 0 ? jestWorker - 1 : Number.isInteger(playwrightWorker) ? playwrightWorker : 0;
  const size = Math.floor((ephemeralPortRange()[0] - SERVER_PORTS_FROM) / WORKER_SLICES);
  const from = SERVER_PORTS_FROM + (index % WORKER_SLICES) * size;
  return [from, from + size - 1];
}

/**
 * A free loopback port for a server the test starts itself (a spawned API, a private Redis or PostgreSQL).
 * Below the kernel's ephemeral range, and in this worker's own slice of it: a server that a parallel suite starts
 * on port 0 can never be handed the same port in the seconds between this check and the test's own listen
 * (a spawned API first runs its migrations), as happened in CI with a port taken by listening on port 0.
 */
export async function serverPort(): Promise<number> {
  const [from, to] = serverPortSlice();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free loopback port between ${from} and ${to} after 100 tries`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A loopback port that refuses connections, to stand for a dependency that is down for the whole test. Below
 * 1024: listening on port 0 never hands those out (the ephemeral range starts far above), so no server a parallel
 * suite starts can take it, as happened with a port from listening on port 0 (an HTTP 404 where "unreachable" was
 * expected). From 1023 down: Chromium refuses to load many of the lower ones (its restricted ports) before connecting.
 */
export async function refusingPort(): Promise<number> {
  for (let port = 1023; port >= 1000; port -= 1) if (await refuses(port)) return port;
  throw new Error('every port from 1000 to 1023 answers on 127.0.0.1');
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
