// Embedded Redis: our own redis-server on a free loopback port with a password and an append-only
// file in <DATA_DIR>/redis. A system Redis the Debian package may have started on 6379 is never used.
// REDIS_URL in the environment skips all this.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describeExit, findExecutable, pathDirs, refuseIfRunning, spawnService, tail, waitFor } from '../lib/proc.mjs';
import { randomSecret } from '../lib/secrets.mjs';
import { given, supervise } from './result.mjs';

export async function ensureRedis(ctx) {
  if (ctx.env.REDIS_URL) return given('redis', { REDIS_URL: ctx.env.REDIS_URL });
  ctx.lockDataDir();

  let server = findRedisServer();
  if (!server) {
    await ctx.installPackage('redis-server', { reason: 'Redis (redis-server)', variable: 'REDIS_URL' });
    server = findRedisServer();
    if (!server) throw new Error('apt-get installed "redis-server" but no redis-server binary was found');
  }
  const password = ctx.secrets.get('redisPassword', () => randomSecret(24));
  const dir = path.join(ctx.dataDir, 'redis');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const logFile = ctx.logFile('redis');
  // Two servers on one append-only file would corrupt it (possible only if a run and its watchdog were
  // both killed): the pid file, removed by a clean shutdown, tells.
  const pidFile = path.join(dir, 'redis-server.pid');
  refuseIfRunning(pidFile, { what: 'Redis', program: /redis-server/, dir, stopSignal: 'TERM' });
  const port = await ctx.port('redis');

  // `-` reads more configuration from stdin: the password stays out of argv (visible in `ps`).
  const args = ['-', '--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--appendonly', 'yes', '--daemonize', 'no', '--save', '60', '1', '--protected-mode', 'yes', '--pidfile', pidFile, '--databases', '64'];
  fs.appendFileSync(logFile, `\n--- ${new Date().toISOString()} redis-server ${args.join(' ')}\n`);
  const child = spawnService(server, args, { logFile, cwd: dir, stdin: 'pipe' });
  child.stdin.on('error', () => {}); // it died before reading: reported by the readiness check
  child.stdin.end(`requirepass ${password}\n`);
  // SIGTERM makes Redis fsync the AOF and write a final RDB snapshot before exiting.
  const handle = supervise(ctx, child, [['SIGTERM', 15_000], ['SIGKILL', 5_000]]);
  try {
    await waitFor(
      async () => {
        if (child.exitInfo) throw new Error(`redis-server exited during startup (${describeExit(child.exitInfo)}); ${ctx.show(logFile)} ends with:\n${tail(logFile)}`);
        return (await ping(port, password)) ? true : undefined;
      },
      { what: `Redis on port ${port}`, timeoutMs: 60_000, signal: ctx.signal },
    );
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return {
    name: 'redis',
    status: 'started',
    env: { REDIS_URL: `redis://:${encodeURIComponent(password)}@127.0.0.1:${port}` },
    detail: `data in ${ctx.show(dir)}, log ${ctx.show(logFile)}`,
    ...handle,
  };
}

export function findRedisServer() {
  return findExecutable('redis-server', [...pathDirs(), '/usr/bin', '/usr/sbin']);
}

/** AUTH + PING over a raw socket: true on PONG, false while loading or not listening yet. */
function ping(port, password) {
  const command = (...words) => `*${words.length}\r\n${words.map((w) => `$${Buffer.byteLength(w)}\r\n${w}\r\n`).join('')}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = '';
    const finish = (settle, value) => {
      socket.destroy();
      settle(value);
    };
    socket.setTimeout(1_000, () => finish(resolve, false));
    socket.on('error', () => finish(resolve, false));
    socket.on('connect', () => socket.write(command('AUTH', password) + command('PING')));
    socket.on('data', (chunk) => {
      received += chunk;
      const lines = received.split('\r\n');
      if (lines.length < 3) return; // wait for both replies
      const [auth, pong] = lines;
      if (auth.startsWith('-WRONGPASS') || auth.startsWith('-ERR')) return finish(reject, new Error(`Redis refused our password: ${auth}`));
      finish(resolve, pong === '+PONG'); // -LOADING while the append-only file is read back
    });
  });
}
