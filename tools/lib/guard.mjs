// Client side of reaper.mjs: registers every process we start so that it is stopped even if this
// orchestrator is killed with SIGKILL (child processes in their own process group would survive it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { processStartTime } from './proc.mjs';

export function startGuard(repoRoot) {
  let stdin = null;
  try {
    const reaper = spawn(process.execPath, [path.join(repoRoot, 'tools/lib/reaper.mjs')], {
      detached: true, // its own process group: a signal to ours must not take the watchdog down too
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    reaper.on('error', () => {});
    reaper.unref();
    stdin = reaper.stdin;
    stdin.on('error', () => {}); // the reaper vanished: nothing better to do than carry on
    stdin.unref(); // the open pipe must not keep this process alive
  } catch {
    stdin = null;
  }
  const send = (message) => stdin?.writable && stdin.write(`${JSON.stringify(message)}\n`);
  return {
    /** Stop `pid` with `signal` (then SIGKILL after 15 s) if this process dies first. */
    watch(pid, signal) {
      if (pid) send({ watch: { pid, start: processStartTime(pid), signal } });
    },
    /** Also end every process carrying this tag (tagged.mjs): an app's own children, e.g. its Chromium. */
    watchTag(tag) {
      send({ watchTag: tag });
    },
    forget(pid) {
      if (pid) send({ forget: pid });
    },
  };
}
