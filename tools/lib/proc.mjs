// Process helpers shared by the service modules and the orchestrators (tools/with-services.mjs, tools/start.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * True while a process with this pid exists (EPERM: it exists but belongs to another user).
 * A zombie (exited, not yet reaped by its parent or init) counts as gone.
 */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return false;
  }
  return processStat(pid)?.[0] !== 'Z';
}

/** Fields 3… of /proc/<pid>/stat (state, ppid, …), or null off Linux or when gone. */
function processStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * Start time of a process (clock ticks since boot, field 22 of /proc/<pid>/stat), or null.
 * A pid alone can be reused after a crash; pid + start time names one process for sure.
 */
export function processStartTime(pid) {
  return processStat(pid)?.[19] ?? null;
}

/** argv of a running process (Linux), or [] when unknown. */
function processArgv(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * A server already running on our data, according to its pid file: throws a message naming it.
 * A pid file whose process is gone is left alone (PostgreSQL removes its own; Redis overwrites);
 * one whose pid now belongs to an unrelated program is removed.
 */
export function refuseIfRunning(pidFile, { what, program, dir, stopSignal }) {
  let pid;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!pid || !isAlive(pid)) return;
  const argv = processArgv(pid);
  if (argv.length && !program.test(argv[0])) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  throw new Error(
    `${what} (pid ${pid}) is already running on ${dir}, and no live \`npm start\`/\`npm test\` owns it ` +
      `(left over from a killed run, or started by hand). Stop it with \`kill -${stopSignal} ${pid}\` and try again.`,
  );
}

/** Is { pid, start } (as recorded earlier) still that very process? */
export function isSameProcess({ pid, start }) {
  if (!pid || !isAlive(pid)) return false;
  const now = processStartTime(pid);
  return start == null || now == null || now === start;
}

/**
 * Spawn a long-running service as a child of this process, in its own process group so a Ctrl-C in the
 * terminal reaches only the orchestrator, which then stops everything in order. Output is appended to
 * logFile (stdout may be 'pipe' to read a ready line). `child.exited` resolves once with
 * { code, signal, error }, which also stays readable as `child.exitInfo` (null while running).
 */
export function spawnService(command, args, { logFile, stdin = 'ignore', stdout, ...options }) {
  const logFd = fs.openSync(logFile, 'a');
  let child;
  try {
    child = spawn(command, args, { detached: true, stdio: [stdin, stdout ?? logFd, logFd], ...options });
  } finally {
    fs.closeSync(logFd);
  }
  return trackExit(child);
}

/** Adds `child.exited` (a promise of { code, signal, error }) and `child.exitInfo` (null while running). */
export function trackExit(child) {
  child.exitInfo = null;
  child.exited = new Promise((resolve) => {
    const settle = (info) => resolve((child.exitInfo ??= info));
    child.once('error', (error) => settle({ code: null, signal: null, error }));
    child.once('exit', (code, signal) => settle({ code, signal }));
  });
  return child;
}

/**
 * Stop a child politely, escalating: steps is a list of [signal, ms to wait for exit].
 * Resolves when the process has exited (or could not be signalled).
 */
export async function stopChild(child, steps) {
  for (const [signal, ms] of steps) {
    if (child.exitInfo) return;
    try {
      child.kill(signal);
    } catch {
      return;
    }
    const done = await Promise.race([child.exited.then(() => true), sleep(ms).then(() => false)]);
    if (done) return;
  }
}

/** Describe an exit for humans: "code 1", "signal SIGKILL" or the spawn error. */
export function describeExit({ code, signal, error } = {}) {
  if (error) return error.message;
  return signal ? `signal ${signal}` : `code ${code}`;
}

/**
 * Poll `probe` until it returns a value other than undefined. probe may throw to give up at once
 * (e.g. the child died, wrong password); `signal` (AbortSignal) cancels the wait.
 */
export async function waitFor(probe, { what, timeoutMs = 30_000, intervalMs = 100, signal } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (signal?.aborted) throw Object.assign(new Error(`interrupted while waiting for ${what}`), { aborted: true });
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${Math.round(timeoutMs / 1000)} s`);
    await sleep(intervalMs);
  }
}

/** Last lines of a log file, to quote in an error message. */
export function tail(file, lines = 15) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Absolute path of an executable found in the given PATH directories, or null. */
export function findExecutable(name, dirs) {
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = `${dir}/${name}`;
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export const pathDirs = (env = process.env) => (env.PATH ?? '').split(':');

/**
 * Core-seconds the whole machine has spent busy since boot (user, nice, system, irq and softirq of /proc/stat's
 * first line, at the kernel's 100 ticks a second), or null off Linux. Two readings around a step say how much of
 * the machine it kept busy: a step near all cores is CPU-bound, and only less work makes it shorter.
 */
export function machineBusySeconds() {
  try {
    const [user, nice, system, , , irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return null;
  }
}
