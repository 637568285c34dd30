import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface SpawnedProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  kill(signal: NodeJS.Signals): void;
}

/** Runs a process for a test, collecting its output; `exited` resolves with the exit code. */
export function spawnProcess(command: string, args: string[], env: NodeJS.ProcessEnv): SpawnedProcess {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    stdout: () => out,
    stderr: () => err,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Polls `probe` until it returns a value (not undefined) or the time runs out. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 250): Promise<T> {
  return poll(probe, timeoutMs, intervalMs);
}

/**
 * waitFor, for a server the test started: fails as soon as the process exits instead of polling to the end, and
 * either way the error ends with the process's last output, so a red run says why the server never answered.
 */
export async function waitForProcess<T>(process: SpawnedProcess, probe: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 250): Promise<T> {
  const exitOf = () => process.child.exitCode ?? process.child.signalCode ?? undefined;
  try {
    return await poll(probe, timeoutMs, intervalMs, exitOf);
  } catch (error) {
    const output = `${process.stdout()}${process.stderr()}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`${(error as Error).message}\n--- the process's last output ---\n${output || '(none)'}`);
  }
}

async function poll<T>(probe: () => Promise<T | undefined>, timeoutMs: number, intervalMs: number, exited?: () => number | string | undefined): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    const exit = exited?.();
    if (exit !== undefined) throw new Error(`the process exited (${exit}) before it was ready${lastError ? `: ${(lastError as Error).message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`gave up after ${timeoutMs} ms${lastError ? `: ${(lastError as Error).message}` : ''}`);
}

/**
 * Every descendant of `pid` with its command line, read from /proc. Puppeteer starts Chromium in a process
 * group of its own, and the services run detached: the process tree is what still ties them to a parent.
 */
export function descendants(pid: number): { pid: number; cmdline: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while listing
    }
  }
  const found: { pid: number; cmdline: string }[] = [];
  const walk = (parent: number): void => {
    for (const child of children.get(parent) ?? []) {
      let cmdline = '';
      try {
        cmdline = readFileSync(`/proc/${child}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        // gone
      }
      found.push({ pid: child, cmdline });
      walk(child);
    }
  };
  walk(pid);
  return found;
}
