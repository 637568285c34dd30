#!/usr/bin/env node
// `npm test`: build, then every Jest suite with the services it needs, then the browser journeys, stopping at
// the first phase that fails; each phase's wall time and how busy it kept the machine's cores are printed at the
// end, so a slow run says where it went and whether waiting or work made it slow.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineBusySeconds } from './lib/proc.mjs';
import { runtimeMismatch } from './lib/runtime.mjs';
import { runStep } from './lib/test-runner.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PHASES = [
  { name: 'build', command: ['npm', 'run', 'build'] },
  { name: 'jest', command: ['node', 'tools/with-services.mjs', '--profile', 'test', '--', 'jest'] },
  { name: 'playwright', command: ['npx', 'playwright', 'test'] },
];

const wrongRuntime = runtimeMismatch();
if (wrongRuntime) {
  process.stderr.write(`[test] ${wrongRuntime}\n`);
  process.exit(1);
}
process.stderr.write(`[test] Node ${process.versions.node} (${process.execPath})\n`);

const times = [];
let exitCode = 0;
for (const phase of PHASES) {
  const started = Date.now();
  const busyBefore = machineBusySeconds();
  exitCode = await runStep(phase.command, repoRoot);
  const seconds = (Date.now() - started) / 1000;
  const busyAfter = machineBusySeconds();
  const cores = busyBefore === null || busyAfter === null ? null : (busyAfter - busyBefore) / seconds;
  times.push({ name: phase.name, seconds, cores, exitCode });
  if (exitCode !== 0) break;
}
const total = times.reduce((sum, phase) => sum + phase.seconds, 0);
process.stderr.write(
  `\ntest phases (wall, and cores kept busy of ${os.availableParallelism()}): ${times.map((phase) => `${phase.name} ${phase.seconds.toFixed(0)} s${phase.cores === null ? '' : ` (${phase.cores.toFixed(2)})`}${phase.exitCode ? ` (exit ${phase.exitCode})` : ''}`).join(', ')}; ${total.toFixed(0)} s in all\n`,
);
process.exit(exitCode);
