// The API under a bench: its own database on the with-services PostgreSQL, the built apps/api/dist/main.js on
// a free loopback port (which migrates that database), the first administrator signed in, and a clean-up that
// stops the API and drops the database. Shared by the read benches (lists, students).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../lib/ports.mjs';
import { keepAliveClient } from './load.mjs';
import { processTable } from './proc-cpu.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Exits with a hint when the services the bench needs are not in the environment. */
export function requireServices(script) {
  for (const name of ['DATABASE_URL', 'REDIS_URL']) {
    if (!process.env[name]) {
      console.error(`${name} is not set: run me under node tools/with-services.mjs -- node ${script}`);
      process.exit(2);
    }
  }
}

/**
 * Starts the API on a fresh database named after `name`. Resolves once it answers; `env` adds variables, and
 * `connections` sizes the kept-alive client the load goes through (at least the load's concurrency).
 * Returns `{ base, pid, databaseUrl, signIn, cookie, get, send, cleanUp }`: `signIn()` creates the administrator and
 * keeps its cookie (`cookie()`, e.g. for a browser) for `get(pathAndQuery)`, which resolves with the status once the
 * body is read; `send` is the client's own call (`keepAliveClient` in load.mjs), without the cookie.
 */
export async function startBenchApi(name, env = {}, { connections = 64 } = {}) {
  const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await server.connect();
  const database = `aipm_bench_${name}_${process.pid}_${Date.now()}`;
  await server.query(`CREATE DATABASE "${database}"`);
  const databaseUrl = new URL(process.env.DATABASE_URL);
  databaseUrl.pathname = `/${database}`;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Node's http over kept-alive connections: fetch cost the generator, which shares the cores with the API
  // and PostgreSQL, two to three times the CPU per call (ADR 033).
  const client = keepAliveClient(base, connections);
  const api = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: process.env.SESSION_SECRET ?? 'bench-session-secret-that-is-long-enough-32',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  api.on('exit', () => {
    exited = true;
  });

  async function cleanUp() {
    client.close();
    if (!exited) {
      api.kill('SIGTERM');
      await new Promise((resolve) => api.once('exit', resolve));
    }
    await server.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await server.end();
  }

  try {
    const started = performance.now();
    for (;;) {
      if (exited) throw new Error('the API exited during start (is apps/api/dist built?)');
      const ready = await fetch(`${base}/api/admin/check`).then(
        (response) => response.ok,
        () => false
      );
      if (ready) break;
      if (performance.now() - started > 60_000) throw new Error('the API did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await waitForSettledProcesses(api.pid, started);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  let cookie = '';
  async function signIn() {
    const response = await fetch(`${base}/api/admin/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-admin@example.com', password: 'bench-admin-password-1' }),
    });
    if (response.status !== 201) throw new Error(`could not create the administrator: ${response.status} ${await response.text()}`);
    cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  }

  async function get(pathAndQuery) {
    return (await client.send({ path: pathAndQuery, headers: { cookie } })).status;
  }

  return { base, pid: api.pid, databaseUrl: databaseUrl.toString(), signIn, cookie: () => cookie, get, send: client.send, cleanUp };
}

/** CPU ticks (user + system) of every child of `pid`. */
function childTicks(pid) {
  return new Map([...processTable()].filter(([, process]) => process.ppid === pid).map(([child, process]) => [child, process.own]));
}

/**
 * The API's primary forks one process per core (ADR 033) and the first one to listen answers the readiness
 * probe while the others may still be booting. Booting is busy CPU work, so the API is ready for a measurement
 * when every process has been (nearly) idle for a second.
 */
async function waitForSettledProcesses(pid, started) {
  let before = childTicks(pid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = childTicks(pid);
    const settled = after.size > 0 && [...after].every(([child, ticks]) => before.has(child) && ticks - before.get(child) <= 5);
    if (settled) return;
    if (performance.now() - started > 90_000) throw new Error('the API processes were still busy starting after 90 s');
    before = after;
  }
}
