// Watchdog process started by guard.mjs. It reads the pids of the services and apps the orchestrator
// started, one JSON message a line on stdin. When stdin closes while some are still listed, the
// orchestrator died without stopping them (SIGKILL, crash): stop them so nothing is left orphaned.
import readline from 'node:readline';
import { isAlive, isSameProcess, sleep } from './proc.mjs';
import { killTagged } from './tagged.mjs';

const watched = new Map(); // pid → { pid, start, signal }
const tags = new Set();

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  try {
    const message = JSON.parse(line);
    if (message.watch) watched.set(message.watch.pid, message.watch);
    if (message.forget) watched.delete(message.forget);
    if (message.watchTag) tags.add(message.watchTag);
  } catch {
    // ignore a malformed line
  }
});

process.stdin.on('close', async () => {
  const victims = [...watched.values()].filter(isSameProcess);
  for (const { pid, signal } of victims) signalSafely(pid, signal);
  for (let waited = 0; waited < 15_000 && victims.some(({ pid }) => isAlive(pid)); waited += 200) await sleep(200);
  for (const { pid } of victims) if (isAlive(pid)) signalSafely(pid, 'SIGKILL');
  await Promise.all([...tags].map((tag) => killTagged(tag)));
  process.exit(0);
});

function signalSafely(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}
