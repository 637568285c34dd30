#!/usr/bin/env node
// `npm run setup`: installs the workspace's dependencies with npm running on the project's own Node.js (the
// pinned `node` package, fetched from the npm registry into npm's cache), so that packages which need Node 22
// are checked against the Node that runs them, whatever Node the machine has (Debian 12's is 20). The install
// also puts that Node in node_modules/.bin, which npm places first on the PATH of every script: `npm start` and
// `npm test` then run on it. Extra arguments go to `npm install`.
//   docs/decisions/049-node-22-as-the-projects-runtime.md
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectNodeVersion } from './lib/runtime.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const version = projectNodeVersion(repoRoot);
// npm names its own entry point to the scripts it runs; outside npm, the npm beside this Node.
const npmCli = process.env.npm_execpath ?? path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');

process.stdout.write(`[setup] npm install on Node ${version} (the project's runtime; this machine's is ${process.versions.node})\n`);
const install = spawnSync('npx', ['--yes', `node@${version}`, npmCli, 'install', '--no-audit', '--no-fund', ...process.argv.slice(2)], { cwd: repoRoot, stdio: 'inherit' });
if (install.error) throw install.error;
process.exit(install.status ?? 1);
