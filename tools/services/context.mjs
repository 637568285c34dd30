// What every ensure<Service>(ctx) receives: resolved paths, the environment, secrets and the helpers
// to install packages and register processes.
/* global AbortController -- a Node global the shared ESLint config does not list */
import fs from 'node:fs';
import path from 'node:path';
import { installDebianPackage } from '../lib/apt.mjs';
import { displayPath, loadDotenv, resolveDataDir } from '../lib/env.mjs';
import { startGuard } from '../lib/guard.mjs';
import { lockDataDir } from '../lib/lock.mjs';
import { freePort } from '../lib/ports.mjs';
import { openSecrets } from '../lib/secrets.mjs';

/**
 * @param {{ repoRoot: string, profile: 'dev'|'test', command: string, log?: (line: string) => void }} options
 */
export function createContext({ repoRoot, profile, command, log = (line) => process.stderr.write(`${line}\n`) }) {
  const dotenvFile = loadDotenv(repoRoot);
  const env = process.env;
  const dataDir = resolveDataDir(env, repoRoot, profile);
  fs.mkdirSync(path.join(dataDir, 'logs'), { recursive: true });

  const abort = new AbortController();
  let lock = null;
  let lockError = null;
  let guard = null;
  const ports = new Map();

  return {
    repoRoot,
    profile,
    dataDir,
    dotenvFile,
    env,
    isRoot: process.getuid?.() === 0,
    log,
    signal: abort.signal,
    abort: () => abort.abort(),
    secrets: openSecrets(path.join(dataDir, 'secrets.json')),
    show: (file) => displayPath(file, repoRoot),
    logFile: (name) => path.join(dataDir, 'logs', `${name}.log`),
    installPackage(pkg, { reason, variable }) {
      return installDebianPackage(pkg, { reason, variable, log, logFile: path.join(dataDir, 'logs', 'apt.log') });
    },
    /**
     * A free loopback port for the named service, the same one on every call: a service restarted after
     * a crash comes back where the running apps expect it (their URLs hold the port).
     */
    async port(name) {
      if (!ports.has(name)) ports.set(name, await freePort());
      return ports.get(name);
    },
    /** Called by every service that keeps files in the data dir, before starting anything. */
    lockDataDir() {
      if (lockError) throw lockError;
      try {
        lock ??= lockDataDir(dataDir, { command });
      } catch (error) {
        lockError = error; // every service asks; one failure is the answer for all of them
        throw error;
      }
    },
    /** The watchdog that stops our children if we die without stopping them. */
    get guard() {
      guard ??= startGuard(repoRoot);
      return guard;
    },
    close() {
      lock?.release();
      lock = null;
    },
  };
}
