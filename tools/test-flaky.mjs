#!/usr/bin/env node
// `npm run test:flaky`: finds journeys that pass by luck. Runs the chosen journeys (all by default) N times each
// in one Playwright run while busy loops keep every core loaded, then prints each journey's pass rate
// (e2e/support/pass-rate-reporter.ts). A journey is done when it passes N of N here.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { optionsOrExit } from './lib/test-runner.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const HELP = `Usage: npm run test:flaky -- [--repeat N] [--hogs K] [playwright arguments…]

Runs the journeys N times each (default 20) with K busy loops beside them (default: one per core), and prints
each journey's pass rate. Playwright arguments choose what runs, e.g.
  npm run test:flaky -- --repeat 5 e2e/leads-admin/ --project 'desktop*' --no-deps --workers 1
  npm run test:flaky -- -g "fits a 375 px phone"
Build first (npm run build). Set E2E_PORT and friends (playwright.config.ts) to run beside another system.
Playwright repeats only the last stage of project dependencies: the first-stage journeys (SHARED_LANES) run once
unless --no-deps is given (then add --workers 1 when the chosen files include any of them).
`;

function parseArgs(argv) {
  const options = { repeat: 20, hogs: os.availableParallelism(), playwright: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const number = (value, name) => {
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} takes a whole number, not ${value}`);
      return parsed;
    };
    if (arg === '--repeat') options.repeat = number(argv[(i += 1)], '--repeat');
    else if (arg === '--hogs') options.hogs = number(argv[(i += 1)], '--hogs');
    else if (arg === '--help' || arg === '-h') options.help = true;
    else options.playwright.push(arg);
  }
  if (options.repeat < 1) throw new Error('--repeat is at least 1');
  return options;
}

const options = optionsOrExit(parseArgs, HELP);

// Busy loops at normal priority: the journeys, the system and its browser compete for the cores with them.
const hogs = Array.from({ length: options.hogs }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.on('exit', stopHogs);
process.stderr.write(`test:flaky: each journey ${options.repeat} time(s), ${options.hogs} busy loop(s) beside it\n`);

const child = spawn('npx', ['playwright', 'test', `--repeat-each=${options.repeat}`, '--reporter=dot,./e2e/support/pass-rate-reporter.ts', ...options.playwright], { cwd: repoRoot, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  stopHogs();
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
