// Environment handling for the tools/ scripts: .env loading, the data dir, and what may be printed.
import fs from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';

export const PROFILES = ['dev', 'test'];

/** Load <repo>/.env into process.env; a variable already set in the real environment always wins. */
export function loadDotenv(repoRoot) {
  const file = path.join(repoRoot, '.env');
  if (!fs.existsSync(file)) return null;
  // quiet: dotenv 17 otherwise prints a banner on stdout, which `--keep` reserves for `export` lines.
  const result = dotenv.config({ path: file, override: false, quiet: true });
  if (result.error) throw new Error(`cannot read ${file}: ${result.error.message}`);
  return file;
}

/**
 * Where embedded services keep their data: DATA_DIR (relative to the repo) or <repo>/.data.
 * The test profile gets its own subfolder so tests never touch development data.
 */
export function resolveDataDir(env, repoRoot, profile) {
  const base = path.resolve(repoRoot, env.DATA_DIR || '.data');
  return profile === 'test' ? path.join(base, 'test') : base;
}

/** Hide passwords in URLs (`scheme://user:secret@host` → `scheme://user:***@host`) before printing. */
export function maskSecrets(text) {
  return String(text).replace(/(\/\/[^/@\s:]*:)[^@\s/]+@/g, '$1***@');
}

/** Quote a value for POSIX sh so `eval "$(…)"` reproduces it exactly. */
export function shellQuote(value) {
  return `'${String(value).replace(/'/g, `'\\''`)}'`;
}

/** `export NAME='value'` lines, in a stable order. */
export function exportLines(env) {
  return Object.keys(env)
    .sort()
    .map((name) => `export ${name}=${shellQuote(env[name])}`)
    .join('\n');
}

/** Path relative to the repo when inside it (shorter in messages), absolute otherwise. */
export function displayPath(file, repoRoot) {
  const relative = path.relative(repoRoot, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}
