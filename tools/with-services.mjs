#!/usr/bin/env node
// `npm test`, `npm run db:migrate`, `npm run services`: run a command with the back-end services it
// needs, starting embedded ones for whatever the environment does not provide, then stop them.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandPath, parseCliArgs, resolveCommand } from './lib/cli.mjs';
import { exportLines } from './lib/env.mjs';
import { describeExit } from './lib/proc.mjs';
import { createContext, formatTable, startServices } from './services/index.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const HELP = `Usage: node tools/with-services.mjs [--profile dev|test] [--] <command> [args…]
       node tools/with-services.mjs [--profile dev|test] --keep

Runs <command> with DATABASE_URL, REDIS_URL, S3_ENDPOINT (+ S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET,
S3_REGION), CHROMIUM_PATH and SESSION_SECRET set, then exits with its exit code. A variable already set
in the environment or in .env is used as is; for each missing one this starts an embedded PostgreSQL,
Redis or S3 server (s3rver) on a free 127.0.0.1 port, or finds Chromium, installing the Debian package
when running as root, and stops what it started when the command ends.

  --profile dev|test  data in $DATA_DIR (default .data) or, for test, in $DATA_DIR/test
  --keep              no command: start the services, print them on stdout as export lines WITH THEIR
                      REAL SECRETS (so a shell can load them), and keep them up until Ctrl-C. E.g.
                        node tools/with-services.mjs --keep > /tmp/aipm-env.sh   (terminal 1)
                        . /tmp/aipm-env.sh                                      (terminal 2)

A bare command name is looked up in node_modules/.bin first, then PATH (so \`jest\` is the workspace's).
Logs of the embedded services: $DATA_DIR/logs/.
`;

const log = (line) => process.stderr.write(`[services] ${line}\n`);
const exitCodeOf = (signal) => 128 + (os.constants.signals[signal] ?? 0);

let options;
try {
  options = parseCliArgs(process.argv.slice(2));
} catch (error) {
  log(error.message);
  process.stderr.write(HELP);
  process.exit(2);
}
if (options.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

// Resolve the command before starting anything, so a typo costs no service start-up.
const PATH = commandPath(repoRoot);
let file;
try {
  if (!options.keep) file = resolveCommand(options.command[0], PATH);
} catch (error) {
  log(error.message);
  process.exit(127);
}

// What a signal does depends on the phase: abort the start-up, reach the command, or end --keep.
let onSignal = () => {};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => onSignal(signal));

let ctx;
try {
  ctx = createContext({ repoRoot, profile: options.profile, command: `with-services ${process.argv.slice(2).join(' ')}`, log });
} catch (error) {
  log(error.message); // unreadable .env, data dir not writable
  process.exit(1);
}
let interruptedBy = null;
onSignal = (signal) => {
  interruptedBy ??= signal;
  ctx.abort();
};

let services;
try {
  services = await startServices(ctx);
} catch (error) {
  log(error.interrupted ? 'interrupted: stopped what had started' : `could not start the services:\n${error.message}`);
  process.exit(error.interrupted ? exitCodeOf(interruptedBy ?? 'SIGINT') : 1);
}
process.on('uncaughtException', async (error) => {
  log(`internal error: ${error.stack}`);
  await services.stop();
  process.exit(1);
});
log(`profile ${options.profile}, data in ${ctx.show(ctx.dataDir)}${ctx.dotenvFile ? ', .env loaded' : ''}`);
process.stderr.write(`${formatTable(services.services)}\n`);

const code = interruptedBy ? exitCodeOf(interruptedBy) : options.keep ? await keepRunning() : await runCommand();
onSignal = (signal) => log(`${signal}: still stopping the services…`);
const stopping = Date.now();
await services.stop();
log(`services stopped in ${((Date.now() - stopping) / 1000).toFixed(1)} s`);
process.exit(code);

async function runCommand() {
  const [command, ...args] = options.command;
  // Same process group as us: the command keeps the terminal (jest --watch reads keys); signals sent
  // to us alone (kill, CI timeouts) are forwarded.
  const child = spawn(file, args, { stdio: 'inherit', env: { ...process.env, ...services.env, PATH } });
  onSignal = (signal) => child.kill(signal);
  services.unexpectedExit.then(({ name, ...exit }) => log(`${name} exited unexpectedly (${describeExit(exit)}); see ${ctx.show(ctx.logFile(name))}`));
  const exit = await new Promise((resolve) => {
    child.once('error', (error) => resolve({ error }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  if (exit.error) {
    log(`cannot run ${command}: ${exit.error.message}`);
    return 126;
  }
  return exit.signal ? exitCodeOf(exit.signal) : exit.code;
}

async function keepRunning() {
  process.stdout.write(`${exportLines(services.env)}\n`);
  log('services are up; Ctrl-C stops them');
  const ended = await Promise.race([
    new Promise((resolve) => (onSignal = (signal) => resolve({ signal }))),
    services.unexpectedExit.then((exit) => ({ exit })),
  ]);
  if (ended.exit) {
    log(`${ended.exit.name} exited unexpectedly (${describeExit(ended.exit)}); see ${ctx.show(ctx.logFile(ended.exit.name))}`);
    return 1;
  }
  return 0;
}
