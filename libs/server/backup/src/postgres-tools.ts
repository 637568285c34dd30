import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Where Debian installs each PostgreSQL major's programs: /usr/lib/postgresql/<major>/bin. */
const DEBIAN_ROOT = '/usr/lib/postgresql';

/**
 * pg_dump or pg_restore: from PG_BIN_DIR when set, else the newest Debian installation (a newer client reads and
 * writes an older server's dumps, never the reverse), else the name on PATH.
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  if (env['PG_BIN_DIR']) return path.join(env['PG_BIN_DIR'], name);
  const majors = fs.existsSync(DEBIAN_ROOT)
    ? fs
        .readdirSync(DEBIAN_ROOT)
        .filter((entry) => /^\d+$/.test(entry) && fs.existsSync(path.join(DEBIAN_ROOT, entry, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return majors[0] ? path.join(DEBIAN_ROOT, majors[0], 'bin', name) : name;
}

/**
 * The connection of a DATABASE_URL as libpq's variables, the password among them: a password on a command line is
 * visible to every user of the machine (`ps`), an environment variable is not.
 */
export function libpqEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(url.hostname),
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')),
  };
  if (url.username) env['PGUSER'] = decodeURIComponent(url.username);
  if (url.password) env['PGPASSWORD'] = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env['PGSSLMODE'] = sslmode;
  return env;
}

/** Runs a PostgreSQL program; its stderr (which never holds the password) is in the error when it fails. */
export function runPostgresTool(file: string, args: readonly string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: { ...process.env, ...libpqEnv(databaseUrl) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
    });
    child.on('error', (error) => reject(new Error(`${path.basename(file)} could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
}
