// The project's own Node.js (docs/decisions/049-node-22-as-the-projects-runtime.md): the `node` package of the
// version pinned in package.json's devDependencies, whose binary npm puts first on the PATH of every npm script.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The Node.js version the project runs on: package.json's exact `node` devDependency. */
export function projectNodeVersion(root = repoRoot) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const version = manifest.devDependencies?.node;
  if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) throw new Error(`package.json must pin the runtime as an exact "node" devDependency (found ${JSON.stringify(version)})`);
  return version;
}

/**
 * Why this process cannot serve as the project's runtime, or undefined when it can: its major version must be
 * the pinned one's. A newer minor or patch of that line is accepted (a developer's own Node 22), an older major
 * is not (the system's Node 20, when a command ran outside npm).
 */
export function runtimeMismatch(running = process.versions.node, pinned = projectNodeVersion()) {
  const major = (version) => Number(version.split('.')[0]);
  if (major(running) === major(pinned)) return undefined;
  return `this runs on Node ${running}, the project on Node ${pinned}: run it through npm (npm start, npm test), after "npm run setup" has installed the project's Node (README)`;
}
