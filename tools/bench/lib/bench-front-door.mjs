// The front door under a bench: the built apps/web/server/dist/main.js on a free loopback port, forwarding /api/**
// to a bench API (startBenchApi), so a bench can load the same API directly and as visitors and the administrator
// reach it (one origin, docs/architecture.md). Needs the web build (`npm run build -w @aipm/web`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../lib/ports.mjs';
import { keepAliveClient } from './load.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Starts a front door in front of `api` (what startBenchApi returned). `env` adds variables (LOG_LEVEL, say);
 * `connections` sizes its kept-alive client. Resolves once /api/health answers through it, with
 * `{ base, pid, send, get, bootLines, cleanUp }`: `send` is the client's call, `get(pathAndQuery)` the status of a call
 * with the administrator's cookie (after api.signIn()), `bootLines()` what it printed up to its first answer.
 */
export async function startBenchFrontDoor(api, env = {}, { connections = 64 } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const web = spawn(process.execPath, [path.join(repoRoot, 'apps/web/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: api.base,
      METRICS_PORT: String(await freePort()),
      ...env,
    },
    // Its log lines are counted until it answers, then read and dropped: the pipe must never fill.
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let counting = true;
  web.stdout.on('data', (chunk) => {
    if (counting) output += chunk;
  });
  let exited = false;
  web.on('exit', () => {
    exited = true;
  });
  const client = keepAliveClient(base, connections);

  async function cleanUp() {
    client.close();
    if (!exited) {
      web.kill('SIGTERM');
      await new Promise((resolve) => web.once('exit', resolve));
    }
  }

  try {
    const started = performance.now();
    for (;;) {
      if (exited) throw new Error('the front door exited during start (is apps/web built?)');
      const ready = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (performance.now() - started > 60_000) throw new Error('the front door did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const bootLines = output.split('\n').filter(Boolean);
  counting = false;

  return {
    base,
    pid: web.pid,
    send: client.send,
    get: async (pathAndQuery) => (await client.send({ path: pathAndQuery, headers: { cookie: api.cookie() } })).status,
    bootLines: () => bootLines,
    cleanUp,
  };
}
