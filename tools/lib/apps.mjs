// The Node apps that `npm start` runs: spawned with prefixed output, polled for health, stopped.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import pinoPretty from 'pino-pretty';
import { sleep, stopChild, trackExit } from './proc.mjs';
import { keepRunning } from './supervisor.mjs';
import { killTagged, TAG_VARIABLE } from './tagged.mjs';

const COLORS = [36, 35, 32, 33]; // cyan, magenta, green, yellow

/*
 * The apps of one set, as `npm start` and `tools/replica.mjs` run them. The API runs the migrations at boot, so it
 * starts first and the others once it is healthy (a worker started beside it would query tables that do not exist
 * yet). Web forwards /api/** to API_URL.
 */
export const API_APP = { name: 'api', script: 'apps/api/dist/main.js' };
export const APPS_AFTER_API = [
  { name: 'worker', script: 'apps/worker/dist/main.js' },
  { name: 'web', script: 'apps/web/server/dist/main.js' },
];

/**
 * `node <script>` with each output line prefixed by `[name] `. In its own process group: on Ctrl-C the
 * apps get one SIGTERM from us (their graceful shutdown), not the terminal's SIGINT as well.
 */
export function startApp({ name, script, cwd, env, index = 0 }) {
  const child = trackExit(spawn(process.execPath, [script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }));
  const tty = Boolean(process.stdout.isTTY);
  const label = tty ? `\x1b[${COLORS[index % COLORS.length]}m[${name}]\x1b[0m ` : `[${name}] `;
  const format = logLineFormatter({ readable: tty });
  prefixLines(child.stdout, process.stdout, label, format);
  prefixLines(child.stderr, process.stderr, label, format);
  child.appName = name;
  return child;
}

/**
 * The apps log pino JSON lines. For a person at a terminal each becomes one readable line (time, level,
 * message, the other fields inline); piped to a file or a collector they stay JSON.
 */
export function logLineFormatter({ readable, colorize = readable }) {
  if (!readable) return (line) => line;
  const pretty = pinoPretty.prettyFactory({ colorize, singleLine: true, ignore: 'pid,hostname,app', translateTime: 'SYS:HH:MM:ss' });
  return (line) => (line.startsWith('{') ? pretty(line).trimEnd() : line);
}

function prefixLines(input, output, label, format) {
  readline.createInterface({ input, crlfDelay: Infinity }).on('line', (line) => output.write(`${label}${format(line)}\n`));
}

/** How long an app has to stop on SIGTERM (its active work finishes) before it is killed. */
export const APP_STOP_GRACE_MS = 15_000;

/**
 * Starts an app and keeps it running (restarted with backoff, tools/lib/supervisor.mjs), as `npm start` and
 * `tools/replica.mjs` run each of theirs. The app and whatever it starts carry `tag` in their environment: the
 * watchdog (`guard`) ends them all if this process dies, and a worker killed mid-crawl has the Chromium it left
 * ended before it starts again. Resolves to keepRunning's handle (`gaveUp`, `stop()`, `current.kill()`).
 */
export function superviseApp({ name, script, cwd, env, index = 0, tag, guard, log }) {
  guard.watchTag(tag);
  const launch = () => {
    const child = startApp({ name, script, cwd, env: { ...env, [TAG_VARIABLE]: tag }, index });
    guard.watch(child.pid, 'SIGTERM');
    return {
      exited: child.exited,
      stop: async () => {
        await stopChild(child, [['SIGTERM', APP_STOP_GRACE_MS], ['SIGKILL', 5_000]]);
        guard.forget(child.pid);
        await killTagged(tag); // a browser the app did not close in time
      },
      kill: () => child.kill('SIGKILL'),
    };
  };
  return keepRunning({
    name,
    handle: launch(),
    restart: async () => launch(),
    afterExit: async () => {
      const left = await killTagged(tag);
      if (left) log(`${name}: stopped ${left} process(es) it left behind`);
    },
    log,
  });
}

/** SIGTERM all, SIGKILL whatever still runs after `graceMs`. */
export function stopApps(children, graceMs) {
  return Promise.all(children.map((child) => stopChild(child, [['SIGTERM', graceMs], ['SIGKILL', 5_000]])));
}

/** Resolves when `url` answers 200; throws after timeoutMs, or as soon as `abort.signal` fires. */
export async function waitForHealthy(url, { timeoutMs, signal }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (signal?.aborted) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return true;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}
