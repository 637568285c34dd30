import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { serverPort } from './ports';
import { descendants, waitFor } from './process';

/*
 * Servers of a test's own, for tests that freeze, kill or restart one: the services npm test started are
 * shared by every suite running in parallel, so a test must never stop those.
 */

export interface PrivateRedis {
  url: string;
  /** SIGSTOP: the server keeps its connections but answers nothing (a stall, not an outage). */
  freeze(): void;
  thaw(): void;
  /** Stops the server (SIGTERM), runs `whileDown`, then starts an empty one on the same port: an outage. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** redis-server without persistence on a free loopback port. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await serverPort();
  const start = () => spawn(findBinary('redis-server', ['/usr/bin', '/usr/sbin']), ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  let child = start();
  const url = `redis://127.0.0.1:${port}/0`;
  const ready = () => waitFor(async () => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      return (await client.ping()) === 'PONG' ? true : undefined;
    } finally {
      client.disconnect();
    }
  }, 10_000, 50);
  await ready();
  return {
    url,
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
    restart: async (whileDown) => {
      await stopChild(child, 'SIGTERM');
      await whileDown?.();
      child = start();
      await ready();
    },
    stop: async () => {
      child.kill('SIGCONT');
      await stopChild(child, 'SIGTERM');
    },
  };
}

export interface PrivatePostgres {
  /** The `postgres` database of the cluster; create test databases on it with DATABASE_URL pointing here. */
  url: string;
  /**
   * Fast shutdown (SIGINT), then `whileDown` (if given), then a new server on the same port and data: what an
   * operator's restart does.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /**
   * SIGSTOP to the server and every backend: connections stay open, new ones are accepted by the kernel, and
   * nothing answers (a stall, not an outage).
   */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/**
 * A throw-away PostgreSQL cluster (Debian's binaries, trust authentication on loopback). As root, initdb and
 * postgres run as the `postgres` OS user, which tools/services/postgres.mjs has already created.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = newestPostgresBin();
  const owner = process.getuid?.() === 0 ? postgresUser() : null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-private-pg-'));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  if (owner) fs.chownSync(data, owner.uid, owner.gid);
  const initdb = spawnSync(path.join(bin, 'initdb'), ['-D', data, '-U', 'aipm', '--auth=trust', '-E', 'UTF8', '--locale=C'], {
    cwd: '/',
    encoding: 'utf8',
    ...(owner && { uid: owner.uid, gid: owner.gid }),
  });
  if (initdb.status !== 0) throw new Error(`initdb failed: ${initdb.stderr || initdb.error?.message}`);
  const port = await serverPort();
  const url = `postgres://aipm@127.0.0.1:${port}/postgres`;

  const start = async (): Promise<ChildProcess> => {
    const args = ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'];
    const child = spawn(path.join(bin, 'postgres'), args, { cwd: '/', stdio: 'ignore', ...(owner && { uid: owner.uid, gid: owner.gid }) });
    await waitFor(async () => {
      const probe = new DataSource({ type: 'postgres', url, poolSize: 1, connectTimeoutMS: 1_000 });
      await probe.initialize();
      await probe.destroy();
      return true;
    }, 20_000, 100);
    return child;
  };
  let server = await start();
  // The backends first, so none of them runs on while the postmaster is already stopped (and the reverse to thaw).
  const signalAll = (signal: NodeJS.Signals, postmasterLast: boolean) => {
    const pids = descendants(server.pid!).map(({ pid }) => pid);
    for (const pid of postmasterLast ? [...pids, server.pid!] : [server.pid!, ...pids]) {
      try {
        process.kill(pid, signal);
      } catch {
        // a backend that ended meanwhile
      }
    }
  };
  return {
    url,
    restart: async (whileDown) => {
      await stopChild(server, 'SIGINT');
      try {
        await whileDown?.();
      } finally {
        // Started again even when `whileDown` failed: the suite's later tests need the cluster.
        server = await start();
      }
    },
    freeze: () => signalAll('SIGSTOP', true),
    thaw: () => signalAll('SIGCONT', false),
    stop: async () => {
      signalAll('SIGCONT', false);
      await stopChild(server, 'SIGINT');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill(signal);
  });
}

function findBinary(name: string, extraDirs: string[]): string {
  for (const dir of [...(process.env.PATH ?? '').split(':'), ...extraDirs]) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return file;
  }
  throw new Error(`${name} not found on PATH (npm test installs it; see tools/README.md)`);
}

function newestPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root) ? fs.readdirSync(root).map(Number).filter(Number.isInteger).sort((a, b) => b - a) : [];
  const major = majors.find((candidate) => fs.existsSync(path.join(root, String(candidate), 'bin', 'initdb')));
  if (major === undefined) throw new Error(`no PostgreSQL server under ${root} (npm test installs Debian's postgresql)`);
  return path.join(root, String(major), 'bin');
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  if (uid.status !== 0) throw new Error('the postgres OS user does not exist (tools/services/postgres.mjs creates it)');
  return { uid: Number(uid.stdout), gid: Number(id('-g').stdout) };
}
