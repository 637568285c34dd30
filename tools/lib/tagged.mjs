// Processes an app leaves behind. Puppeteer starts Chromium in a process group of its own, so killing a
// dead worker's group misses its browsers (about 1 GB each). Every app we start carries a tag in its
// environment, which its children inherit; after the app is gone, whatever still carries the tag is killed.
import fs from 'node:fs';
import { isAlive, sleep } from './proc.mjs';

export const TAG_VARIABLE = 'AIPM_SUPERVISOR_TAG';

/** Pids (Linux /proc) whose environment holds TAG_VARIABLE=tag, this process excepted. */
export function findTagged(tag) {
  const needle = Buffer.from(`\0${TAG_VARIABLE}=${tag}\0`);
  let entries = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return []; // not Linux: nothing we can find
  }
  const pids = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      // A leading NUL makes the first variable matchable like the others.
      const environ = Buffer.concat([Buffer.from([0]), fs.readFileSync(`/proc/${pid}/environ`)]);
      if (environ.includes(needle)) pids.push(pid);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

/** SIGTERM every tagged process, SIGKILL those still there after graceMs. Resolves with how many there were. */
export async function killTagged(tag, { graceMs = 3_000 } = {}) {
  const pids = findTagged(tag);
  const signal = (pid, name) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  for (const pid of pids) signal(pid, 'SIGTERM');
  for (let waited = 0; waited < graceMs && pids.some(isAlive); waited += 100) await sleep(100);
  for (const pid of pids) if (isAlive(pid)) signal(pid, 'SIGKILL');
  return pids.length;
}
