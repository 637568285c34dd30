// Embedded PostgreSQL: Debian's server binaries, one cluster per data dir, started as our child on a
// free loopback port (no Unix socket) and stopped with us. DATABASE_URL in the environment skips all this.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describeExit, findExecutable, pathDirs, refuseIfRunning, spawnService, tail, waitFor } from '../lib/proc.mjs';
import { randomSecret } from '../lib/secrets.mjs';
import { given, supervise } from './result.mjs';

const DATABASE = 'aipm';
const SUPERUSER = 'aipm';
const OS_USER = 'postgres';
const DEBIAN_ROOT = '/usr/lib/postgresql';
// Relocated clusters when user postgres cannot enter the checkout (e.g. a project under /root, mode 700).
const FALLBACK_ROOT = '/var/lib/aipm';

export async function ensurePostgres(ctx) {
  if (ctx.env.DATABASE_URL) return given('postgres', { DATABASE_URL: ctx.env.DATABASE_URL });
  ctx.lockDataDir();

  let installations = findPostgresInstallations();
  if (!installations.length) {
    await ctx.installPackage('postgresql', { reason: 'PostgreSQL', variable: 'DATABASE_URL' });
    installations = findPostgresInstallations();
    if (!installations.length) throw new Error(`apt-get installed "postgresql" but no server was found under ${DEBIAN_ROOT}`);
  }
  // initdb and postgres refuse to run as root: as root they run as the `postgres` OS user.
  const owner = ctx.isRoot ? ensureOsUser(ctx) : null;
  const dir = prepareClusterDir(ctx, owner);
  const password = ctx.secrets.get('postgresPassword', () => randomSecret(24));
  const logFile = ctx.logFile('postgres');

  const clusterVersion = readClusterVersion(dir);
  const server = clusterVersion ? installations.find((i) => i.major === clusterVersion) : installations[0];
  if (!server) {
    throw new Error(
      `the cluster in ${dir} was created by PostgreSQL ${clusterVersion}, which is not installed ` +
        `(found ${installations.map((i) => i.major).join(', ')}). Install postgresql-${clusterVersion}, or delete ${dir} to start over (its data is lost).`,
    );
  }
  let created = false;
  if (!clusterVersion) {
    await initdb({ ctx, server, owner, dir, password, logFile });
    created = true;
  }
  // The data-dir lock says no live orchestrator uses this cluster, so a live postmaster here is
  // foreign or orphaned: refuse rather than kill something we cannot account for. A stale
  // postmaster.pid (process gone) is fine: PostgreSQL removes it at start.
  refuseIfRunning(path.join(dir, 'postmaster.pid'), { what: 'PostgreSQL', program: /postgres|postmaster/, dir, stopSignal: 'INT' });

  const port = await ctx.port('postgres');
  const args = ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  // Test data is disposable: skip the disk flushes (safe against process crashes, not OS crashes).
  if (ctx.profile === 'test') args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  fs.appendFileSync(logFile, `\n--- ${new Date().toISOString()} postgres ${args.join(' ')}\n`);
  // The server is spawned with uid/gid rather than through runuser: runuser would stay in between as
  // its parent and does not pass our SIGINT on (measured), so the server would never get its stop signal.
  const child = spawnService(path.join(server.bin, 'postgres'), args, {
    logFile,
    cwd: '/',
    env: serverEnv(),
    ...(owner && { uid: owner.uid, gid: owner.gid }),
  });
  // SIGINT is PostgreSQL's fast shutdown: roll back open transactions, checkpoint, exit.
  const handle = supervise(ctx, child, [['SIGINT', 30_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]]);
  try {
    const client = await connectWhenReady({ ctx, child, port, password, dir, logFile });
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await client.end();
    }
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return {
    name: 'postgres',
    status: 'started',
    env: { DATABASE_URL: `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}` },
    detail: `PostgreSQL ${server.major}${created ? ', new cluster' : ''} in ${ctx.show(dir)}, log ${ctx.show(logFile)}`,
    ...handle,
  };
}

/** Server installations, newest first: Debian's /usr/lib/postgresql/<major>/bin, else `postgres` on PATH. */
export function findPostgresInstallations() {
  let found = [];
  try {
    found = fs
      .readdirSync(DEBIAN_ROOT)
      .map((name) => ({ major: Number(name), bin: path.join(DEBIAN_ROOT, name, 'bin') }))
      .filter(({ major, bin }) => Number.isInteger(major) && fs.existsSync(path.join(bin, 'postgres')) && fs.existsSync(path.join(bin, 'initdb')));
  } catch {
    // not Debian's layout
  }
  if (!found.length) {
    const postgres = findExecutable('postgres', pathDirs());
    const bin = postgres && path.dirname(postgres);
    const major = postgres && Number(/(\d+)/.exec(spawnSync(postgres, ['-V'], { encoding: 'utf8' }).stdout ?? '')?.[1]);
    if (bin && major && fs.existsSync(path.join(bin, 'initdb'))) found = [{ major, bin }];
  }
  return found.sort((a, b) => b.major - a.major);
}

function ensureOsUser(ctx) {
  const id = (flag) => spawnSync('id', [flag, OS_USER], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    ctx.log(`creating the system user "${OS_USER}" to run PostgreSQL`);
    const created = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/var/lib/postgresql', '--shell', '/usr/sbin/nologin', OS_USER], { encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`useradd ${OS_USER} failed: ${created.stderr || created.error?.message}`);
  }
  return { uid: Number(id('-u').stdout), gid: Number(id('-g').stdout) };
}

/** Can the postgres user reach `dir` (search permission on it and on every parent)? */
function postgresCanEnter(dir) {
  return spawnSync('runuser', ['-u', OS_USER, '--', 'test', '-x', dir], { cwd: '/' }).status === 0;
}

/**
 * <DATA_DIR>/postgres, owned by the server's user with mode 700 (PostgreSQL insists). When that user
 * cannot reach the data dir, the cluster lives under /var/lib/aipm/<hash of the data dir> instead
 * and <DATA_DIR>/postgres is a symlink to it. Returns the real directory.
 */
function prepareClusterDir(ctx, owner) {
  const link = path.join(ctx.dataDir, 'postgres');
  const existing = fs.lstatSync(link, { throwIfNoEntry: false });
  let dir = link;
  if (existing?.isSymbolicLink()) {
    dir = path.resolve(ctx.dataDir, fs.readlinkSync(link)); // placed there by an earlier run
  } else if (owner && !postgresCanEnter(ctx.dataDir)) {
    const hash = crypto.createHash('sha1').update(path.resolve(ctx.dataDir)).digest('hex').slice(0, 12);
    dir = path.join(FALLBACK_ROOT, hash, 'postgres');
    if (existing) {
      throw new Error(`${link} exists but user ${OS_USER} cannot reach it (a parent directory is not searchable by others). Move it to ${dir}, or run "chmod o+x" on the parent directories.`);
    }
    fs.mkdirSync(path.dirname(dir), { recursive: true, mode: 0o755 });
    fs.symlinkSync(dir, link);
    ctx.log(`note: user ${OS_USER} cannot enter ${ctx.dataDir}, so the PostgreSQL cluster lives in ${dir} (${ctx.show(link)} links to it)`);
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  fs.chmodSync(dir, 0o700);
  return dir;
}

/** Major version of the cluster in `dir`, or null if there is none yet. */
function readClusterVersion(dir) {
  try {
    return Number(fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim());
  } catch {
    if (fs.readdirSync(dir).length) {
      throw new Error(`${dir} is not empty but holds no PostgreSQL cluster (an interrupted initdb?): delete it and run again.`);
    }
    return null;
  }
}

/**
 * initdb into a staging directory renamed into place when complete, so an interrupted first run never
 * leaves a half-made cluster where the next run would try to start it.
 */
async function initdb({ ctx, server, owner, dir, password, logFile }) {
  ctx.log(`creating a PostgreSQL ${server.major} cluster in ${ctx.show(dir)}…`);
  const staging = `${dir}.initdb`;
  fs.rmSync(staging, { recursive: true, force: true }); // left by an interrupted run
  // The password goes through a file, never argv; beside the cluster so the server's user can read it.
  const secretDir = fs.mkdtempSync(path.join(path.dirname(dir), '.initdb-pw-'));
  const pwfile = path.join(secretDir, 'pwfile');
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  fs.mkdirSync(staging, { mode: 0o700 });
  if (owner) for (const file of [secretDir, pwfile, staging]) fs.chownSync(file, owner.uid, owner.gid);
  // C locale + UTF8: the same on every machine whatever locales are generated.
  const args = ['-D', staging, '-U', SUPERUSER, '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8', '--locale=C'];
  try {
    await runAsServerUser(owner, path.join(server.bin, 'initdb'), args, logFile);
  } finally {
    fs.rmSync(secretDir, { recursive: true, force: true });
  }
  fs.rmdirSync(dir); // empty: readClusterVersion checked
  fs.renameSync(staging, dir);
}

function runAsServerUser(owner, command, args, logFile) {
  const [file, argv] = owner ? ['runuser', ['-u', OS_USER, '--', command, ...args]] : [command, args];
  fs.appendFileSync(logFile, `\n--- ${new Date().toISOString()} ${path.basename(command)} ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const logFd = fs.openSync(logFile, 'a');
    const child = spawn(file, argv, { cwd: '/', env: serverEnv(), stdio: ['ignore', logFd, logFd] });
    fs.closeSync(logFd);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (code ${code}):\n${tail(logFile)}`))));
  });
}

async function connectWhenReady({ ctx, child, port, password, dir, logFile }) {
  return waitFor(
    async () => {
      if (child.exitInfo) {
        throw new Error(`PostgreSQL exited during startup (${describeExit(child.exitInfo)}); ${ctx.show(logFile)} ends with:\n${tail(logFile)}`);
      }
      const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres', connectionTimeoutMillis: 2_000 });
      client.on('error', () => {});
      try {
        await client.connect();
        return client;
      } catch (error) {
        await client.end().catch(() => {});
        // 28P01 wrong password, 28000 unknown role: the cluster was not created with our secrets.json.
        if (error.code === '28P01' || error.code === '28000') {
          throw new Error(
            `PostgreSQL refused user ${SUPERUSER} with the password in ${ctx.show(ctx.secrets.file)} (${error.message}): ` +
              `the cluster in ${dir} was created with other credentials. Restore that file, or delete ${dir} to start over (its data is lost).`,
          );
        }
        return undefined; // not accepting connections yet (ECONNREFUSED, 57P03 "starting up")
      }
    },
    { what: `PostgreSQL on port ${port}`, timeoutMs: 60_000, signal: ctx.signal },
  );
}

/** A small, predictable environment for the server processes (our own may hold secrets). */
function serverEnv() {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C' };
  if (process.env.TZ) env.TZ = process.env.TZ;
  return env;
}
