// The services of a running `npm start`, for `tools/replica.mjs`: a second set of apps on this machine uses the
// first set's PostgreSQL, Redis, S3 server and session secret (README: Running more than one of each).
import fs from 'node:fs';
import path from 'node:path';
import { isSameProcess, processStartTime } from './proc.mjs';

/** The variables a set of apps needs from the services: every replica must use the same ones. */
export const SHARED_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION', 'SESSION_SECRET', 'CRAWLER_SESSION_KEY', 'CHROMIUM_PATH', 'BACKUP_TARGET'];
/** Without these a replica cannot share anything; the others have defaults. */
const REQUIRED = ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'SESSION_SECRET'];

const fileOf = (dataDir) => path.join(dataDir, 'run', 'services.json');

/**
 * Written by `npm start` once its services are up, removed when it stops. It holds secrets (the database password,
 * the session secret), so only its owner may read it, like `secrets.json` beside it. @returns a function that removes it
 */
export function publishServices(dataDir, env) {
  const file = fileOf(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const shared = Object.fromEntries(SHARED_VARIABLES.filter((name) => env[name]).map((name) => [name, env[name]]));
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, start: processStartTime(process.pid), env: shared }), { mode: 0o600 });
  return () => {
    try {
      if (JSON.parse(fs.readFileSync(file, 'utf8')).pid === process.pid) fs.unlinkSync(file);
    } catch {
      // already gone
    }
  };
}

/**
 * The services to run against: the environment's when it names them all (another machine's, or
 * `npm run services` loaded into the shell), else those a live `npm start` on `dataDir` published.
 * Throws with the way out when there are neither.
 */
export function sharedServices(env, dataDir) {
  if (REQUIRED.every((name) => env[name])) {
    return { from: 'the environment', env: Object.fromEntries(SHARED_VARIABLES.filter((name) => env[name]).map((name) => [name, env[name]])) };
  }
  const file = fileOf(dataDir);
  let published = null;
  try {
    published = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // none, or unreadable
  }
  if (!published || !isSameProcess(published)) {
    throw new Error(
      `no running \`npm start\` on ${dataDir} to share services with, and ${REQUIRED.filter((name) => !env[name]).join(', ')} not set. ` +
        'Start `npm start` first (in another terminal), or export the variables of the services to share: ' +
        'DATABASE_URL, REDIS_URL, S3_ENDPOINT, S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET and SESSION_SECRET.',
    );
  }
  return { from: `npm start (pid ${published.pid})`, env: published.env };
}
