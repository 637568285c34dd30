#!/usr/bin/env node
// `npm run bench`: every bench under tools/bench/, one after the other, each printing its own
// figures beside the baseline it measures in the same run. This file only runs them: it bounds each one in
// time, prints the load average before each (a figure taken at load 15 on 2 cores is not a figure taken at
// load 1), and ends with one line per bench. The exit code is 1 when a bench failed or ran out of time.
//
//   npm run bench                      build, then the quick sizes (minutes, not an hour)
//   npm run bench -- --full            the full sizes (100,000 rows per list, 10,000 registrations…)
//   npm run bench -- --only lists,site the benches whose names start so
//
// `npm run bench` builds and runs this under tools/with-services.mjs, so DATABASE_URL, REDIS_URL, S3_* and
// CHROMIUM_PATH are set; each bench creates its own database or data folder on those services.
// Sequential on purpose: two benches at once would each measure the other.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCHES } from './lib/catalog.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const { values } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
  },
});


/** The bench running now: Ctrl-C or a TERM of this process stops its whole group too (it runs detached). */
let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) {
      try {
        process.kill(-current.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(', ');

/** Runs one bench in its own process group, so a bench out of time is stopped with everything it started. */
function runBench(bench, size) {
  const args = [path.join('tools', 'bench', `${bench.name}.mjs`), ...bench[size]];
  const env = { ...process.env, ...(bench.env?.[size] ?? {}) };
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit', detached: true });
    current = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.stderr.write(`[bench] ${bench.name}: still running after ${bench.minutes} min, stopping it\n`);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000).unref();
    }, bench.minutes * 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      current = null;
      resolve({ code: timedOut ? 'timeout' : (code ?? signal), seconds: (Date.now() - started) / 1000 });
    });
  });
}

async function main() {
  const size = values.full ? 'full' : 'quick';
  const only = values.only ? values.only.split(',').map((name) => name.trim()).filter(Boolean) : null;
  const selected = BENCHES.filter((bench) => !only || only.some((prefix) => bench.name.startsWith(prefix)));
  if (selected.length === 0) {
    console.error(`no bench matches --only ${values.only}; there are: ${BENCHES.map((bench) => bench.name).join(', ')}`);
    process.exit(2);
  }
  const results = [];
  for (const bench of selected) {
    process.stderr.write(`\n[bench] ── ${bench.name} (${size}): ${bench.what}; load average ${loadAverage()}\n`);
    const result = await runBench(bench, size);
    results.push({ name: bench.name, ...result });
  }
  console.log(`\nbench summary (${size} sizes; load average now ${loadAverage()} on ${os.availableParallelism()} cores)`);
  for (const result of results) {
    const outcome = result.code === 0 ? 'ok' : result.code === 'timeout' ? 'OUT OF TIME' : `FAILED (${result.code})`;
    console.log(`  ${result.name.padEnd(14)} ${outcome.padEnd(16)} ${result.seconds.toFixed(0).padStart(5)} s`);
  }
  process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
}

await main();
