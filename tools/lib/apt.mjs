// Installs a missing Debian package (postgresql, redis-server, chromium) on a fresh machine.
// Only as root; calls are queued because dpkg takes one lock, and `apt-get update` runs once per run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { findExecutable, pathDirs, tail } from './proc.mjs';

let queue = Promise.resolve();
let updated = false;

function run(args, logFile) {
  return new Promise((resolve, reject) => {
    fs.appendFileSync(logFile, `\n$ apt-get ${args.join(' ')}\n`);
    const logFd = fs.openSync(logFile, 'a');
    const child = spawn('apt-get', args, {
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    fs.closeSync(logFd);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`apt-get ${args.join(' ')} failed (code ${code}):\n${tail(logFile)}`)),
    );
  });
}

/**
 * apt-get install -y <pkg>. `reason` names what is missing, `variable` the setting that would replace it.
 * Throws a message a developer can act on when not root or not on Debian.
 */
export function installDebianPackage(pkg, { reason, variable, log, logFile }) {
  const instead = `or set ${variable} to use an existing one`;
  const job = queue.then(async () => {
    if (process.getuid?.() !== 0) {
      throw new Error(`${reason} is not installed, and only root may install it here: run \`sudo apt-get install ${pkg}\` ${instead}.`);
    }
    if (!findExecutable('apt-get', [...pathDirs(), '/usr/bin'])) {
      throw new Error(`${reason} is not installed and there is no apt-get to install it: install it yourself ${instead}.`);
    }
    // Wait for a dpkg lock held by someone else instead of failing at once.
    const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
    if (!updated) {
      log(`apt-get update (log: ${logFile})…`);
      await run([...lockWait, 'update'], logFile);
      updated = true;
    }
    log(`installing Debian package "${pkg}" for ${reason} with apt-get (log: ${logFile})…`);
    const started = Date.now();
    await run([...lockWait, 'install', '-y', pkg], logFile);
    log(`installed "${pkg}" in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  queue = job.catch(() => {});
  return job;
}
