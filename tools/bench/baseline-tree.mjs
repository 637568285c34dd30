// @ts-check
/**
 * A tree of another commit to measure a bench against (admin-js.mjs and landing-js.mjs take it as
 * `--baseline <dir>`), without a second `npm install`: the commit's files (git archive) with this checkout's
 * node_modules linked in, except the workspace packages (@aipm/*), which point into the baseline tree itself so
 * that it builds and runs its own code. Valid while the commit's dependencies are the ones installed here.
 *
 * Usage: node tools/bench/baseline-tree.mjs <commit> <dir>, then build what the bench reads there, e.g.
 *   (cd <dir> && npx tsc -p libs/contracts/tsconfig.lib.json && npx tsc -p libs/server/config/tsconfig.lib.json \
 *     && npm run build -w @aipm/web -w @aipm/web-server)      # landing-js.mjs
 *   (cd <dir> && npm run build -w @aipm/admin)                # admin-js.mjs
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const [commit, dirArgument] = process.argv.slice(2);
if (!commit || !dirArgument) {
  console.error('usage: node tools/bench/baseline-tree.mjs <commit> <dir>');
  process.exit(2);
}
const dir = path.resolve(dirArgument);
if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
  console.error(`${dir} is not empty`);
  process.exit(2);
}
fs.mkdirSync(dir, { recursive: true });
const archive = execFileSync('git', ['archive', '--format=tar', commit], { cwd: root, maxBuffer: 1 << 30 });
execFileSync('tar', ['-x', '-C', dir], { input: archive });

/** Links every entry of `from` into `to` (a new folder), workspace packages excepted. */
function linkModules(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const name of fs.readdirSync(from)) {
    if (name === '@aipm' || name === '.vite' || name === '.vite-temp' || name === '.cache') continue;
    fs.symlinkSync(path.join(from, name), path.join(to, name));
  }
}

linkModules(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
// The workspaces, as npm links them: relative, so they resolve inside the baseline tree.
fs.mkdirSync(path.join(dir, 'node_modules', '@aipm'));
for (const name of fs.readdirSync(path.join(root, 'node_modules', '@aipm'))) {
  const target = fs.readlinkSync(path.join(root, 'node_modules', '@aipm', name));
  if (fs.existsSync(path.resolve(dir, 'node_modules', '@aipm', target))) fs.symlinkSync(target, path.join(dir, 'node_modules', '@aipm', name));
}
// Nested node_modules of the workspaces (versions that differ from the root's).
for (const workspace of ['apps/api', 'apps/web', 'apps/worker', 'apps/admin', 'apps/web/server']) {
  const nested = path.join(root, workspace, 'node_modules');
  if (fs.existsSync(nested) && fs.existsSync(path.join(dir, workspace))) linkModules(nested, path.join(dir, workspace, 'node_modules'));
}
console.log(`${dir}: ${commit} with the node_modules of ${root}`);
