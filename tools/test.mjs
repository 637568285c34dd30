#!/usr/bin/env node
// `npm test`: build, then every Jest suite with the services it needs, then the browser journeys, stopping at
// the first phase that fails; each phase's wall time is printed at the end, so a slow run says where it went.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStep } from './lib/test-runner.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PHASES = [
  { name: 'build', command: ['npm', 'run', 'build'] },
  { name: 'jest', command: ['node', 'tools/with-services.mjs', '--profile', 'test', '--', 'jest'] },
  { name: 'playwright', command: ['npx', 'playwright', 'test'] },
];

const times = [];
let exitCode = 0;
for (const phase of PHASES) {
  const started = Date.now();
  exitCode = await runStep(phase.command, repoRoot);
  times.push({ name: phase.name, seconds: (Date.now() - started) / 1000, exitCode });
  if (exitCode !== 0) break;
}
const total = times.reduce((sum, phase) => sum + phase.seconds, 0);
process.stderr.write(
  `\ntest phases (wall): ${times.map((phase) => `${phase.name} ${phase.seconds.toFixed(0)} s${phase.exitCode ? ` (exit ${phase.exitCode})` : ''}`).join(', ')}; ${total.toFixed(0)} s in all\n`,
);
process.exit(exitCode);
