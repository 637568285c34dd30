// Ports for embedded services and the apps: chosen free each run, so two checkouts (or `npm start` next to
// `npm test`) never collide. Data lives in the data dir, so a different port each start loses nothing.
import fs from 'node:fs';
import net from 'node:net';

/** Below this, the well-known ports and those that installed servers commonly take. */
const LOWEST_CHOSEN_PORT = 10_000;

/**
 * The lowest local port the kernel gives outgoing connections (Linux's ip_local_port_range; elsewhere the IANA
 * dynamic range).
 */
export function lowestEphemeralPort() {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > LOWEST_CHOSEN_PORT + 1_000) return low;
  } catch {
    // Not Linux: the IANA range below.
  }
  return 49_152;
}

/** A TCP port the kernel picks as free on 127.0.0.1 (listen on port 0, read it, close). */
function kernelChosenPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The ports freePort() has returned in this process. */
const handedOut = new Set();

/**
 * A currently free TCP port, below the range the kernel gives outgoing connections. A port from that range (what
 * listening on port 0 returns) can be taken by any client socket of the machine (a test's database pool, an HTTP
 * call) between this choice and the server's bind, which then fails with EADDRINUSE; below it, only another server
 * can take it. Chosen at random, so processes choosing at the same moment rarely meet; the kernel's pick if none
 * of 50 tries is free.
 */
export async function freePort() {
  const span = lowestEphemeralPort() - LOWEST_CHOSEN_PORT;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = LOWEST_CHOSEN_PORT + Math.floor(Math.random() * span);
    // Not twice to this process: two servers it starts together must not get the same one before either binds.
    if (handedOut.has(port) || !(await portIsFree(port)) || handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
  return kernelChosenPort();
}

/** Resolves when `port` can be bound on every address (the unspecified address covers 127.0.0.1 too). */
export function portIsFree(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (error) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error)));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
