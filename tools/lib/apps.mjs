// The Node apps that `npm start` runs: spawned with prefixed output, polled for health, stopped.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { sleep, stopChild, trackExit } from './proc.mjs';

const COLORS = [36, 35, 32, 33]; // cyan, magenta, green, yellow

/**
 * `node <script>` with each output line prefixed by `[name] `. In its own process group: on Ctrl-C the
 * apps get one SIGTERM from us (their graceful shutdown), not the terminal's SIGINT as well.
 */
export function startApp({ name, script, cwd, env, index = 0 }) {
  const child = trackExit(spawn(process.execPath, [script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }));
  const label = process.stdout.isTTY ? `\x1b[${COLORS[index % COLORS.length]}m[${name}]\x1b[0m ` : `[${name}] `;
  prefixLines(child.stdout, process.stdout, label);
  prefixLines(child.stderr, process.stderr, label);
  child.appName = name;
  return child;
}

function prefixLines(input, output, label) {
  readline.createInterface({ input, crlfDelay: Infinity }).on('line', (line) => output.write(`${label}${line}\n`));
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
