// One orchestrator per data dir: two PostgreSQL or Redis servers on the same files would corrupt them.
// (`npm start` and `npm test` use different data dirs, so they can run side by side.)
import fs from 'node:fs';
import path from 'node:path';
import { isSameProcess, processStartTime } from './proc.mjs';

/** Take <dataDir>/run/owner.json or throw naming the live owner. Returns { release() }. */
export function lockDataDir(dataDir, { command }) {
  const file = path.join(dataDir, 'run', 'owner.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me = { pid: process.pid, start: processStartTime(process.pid), command };

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      return {
        release() {
          try {
            if (JSON.parse(fs.readFileSync(file, 'utf8')).pid === process.pid) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let owner = {};
    try {
      owner = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      // unreadable or half-written: treat as stale
    }
    if (owner.pid && owner.pid !== process.pid && isSameProcess(owner)) {
      throw new Error(
        `${dataDir} is in use by another run (pid ${owner.pid}: ${owner.command ?? 'unknown'}). ` +
          'Stop it first, or give this run its own DATA_DIR.',
      );
    }
    fs.rmSync(file, { force: true }); // left by a run that is gone
  }
  throw new Error(`could not lock ${file}`);
}
