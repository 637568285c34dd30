#!/usr/bin/env node
// `npm start`: the whole system on this machine. The services as with-services.mjs brings them up
// (profile dev), then the API, the worker and the web front door with prefixed output, until Ctrl-C.
/* global AbortController -- a Node global the shared ESLint config does not list */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp, stopApps, waitForHealthy } from './lib/apps.mjs';
import { freePort, portIsFree } from './lib/ports.mjs';
import { describeExit } from './lib/proc.mjs';
import { createContext, formatTable, startServices } from './services/index.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The API runs its migrations at boot; web forwards /api/** to API_URL and is the one origin.
const APPS = [
  { name: 'api', script: 'apps/api/dist/main.js' },
  { name: 'worker', script: 'apps/worker/dist/main.js' },
  { name: 'web', script: 'apps/web/server/dist/main.js' },
];
const HEALTH_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 15_000;

const say = (line) => process.stdout.write(`[start] ${line}\n`);
const fail = (message) => {
  process.stderr.write(`[start] ${message}\n`);
  process.exit(1);
};

// What a signal does depends on the phase: abort the start-up, stop the system, or hurry the stop.
let onSignal = () => {};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => onSignal(signal));

let ctx;
try {
  ctx = createContext({ repoRoot, profile: 'dev', command: 'start', log: say });
} catch (error) {
  fail(error.message); // unreadable .env, data dir not writable
}
const env = process.env; // .env is loaded by now
const port = parsePort('PORT', env.PORT ?? '3000');
const missing = APPS.filter((app) => !fs.existsSync(path.join(repoRoot, app.script))).map((app) => app.script);
if (missing.length) fail(`missing ${missing.join(', ')}: build first (\`npm start\` runs \`npm run build\`).`);
if (!(await portIsFree(port))) fail(`PORT ${port} is already in use: stop whatever listens there, or set PORT to another port.`);
if (env.API_PORT && !(await portIsFree(parsePort('API_PORT', env.API_PORT)))) {
  fail(`API_PORT ${env.API_PORT} is already in use: stop whatever listens there, or unset API_PORT to get a free one.`);
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
  if (error.interrupted) process.exit(0);
  fail(`could not start the services:\n${error.message}`);
}
process.stdout.write(`${formatTable(services.services)}\n`);
if (interruptedBy) {
  await services.stop();
  process.exit(0);
}

const apiPort = env.API_PORT ? parsePort('API_PORT', env.API_PORT) : await freePort();
const appEnv = {
  // The built apps are what runs: React and Express pick their production code paths from this
  // (React's development server renderer is several times slower). NODE_ENV=development is honoured.
  NODE_ENV: 'production',
  ...env,
  ...services.env,
  PORT: String(port),
  API_PORT: String(apiPort),
  API_URL: env.API_URL || `http://127.0.0.1:${apiPort}`,
};
const apps = APPS.map((app, index) => startApp({ ...app, script: path.join(repoRoot, app.script), cwd: repoRoot, env: appEnv, index }));
for (const app of apps) ctx.guard.watch(app.pid, 'SIGTERM');

const stopRequested = new Promise((resolve) => (onSignal = resolve));
const health = new AbortController();
// The API first, directly, so the front door does not log a 502 for every poll while the API boots;
// then the same health through the front door, which proves the one-origin routing.
const apiHealthUrl = new URL('/api/health', appEnv.API_URL).toString();
const frontDoorHealthUrl = `http://127.0.0.1:${port}/api/health`;
const waitForSystem = async (options) =>
  (await waitForHealthy(apiHealthUrl, options)) && waitForHealthy(frontDoorHealthUrl, options);
// Runs until a signal (a normal end), an app or a service dying, or no health in time.
const outcome = await Promise.race([
  stopRequested.then((signal) => ({ code: 0, why: `${signal}: stopping` })),
  ...apps.map((app) => app.exited.then((exit) => ({ code: 1, why: `${app.appName} exited unexpectedly (${describeExit(exit)}): stopping everything` }))),
  services.unexpectedExit.then((exit) => ({ code: 1, why: `${exit.name} exited unexpectedly (${describeExit(exit)}; see ${ctx.show(ctx.logFile(exit.name))}): stopping everything` })),
  waitForSystem({ timeoutMs: HEALTH_TIMEOUT_MS, signal: health.signal }).then(
    () => {
      say(`ready: http://localhost:${port} (healthy after ${process.uptime().toFixed(1)} s)`);
      return new Promise(() => {}); // keep running
    },
    (error) => ({ code: 1, why: `${error.message}: stopping everything` }),
  ),
]);
health.abort();
(outcome.code ? (line) => process.stderr.write(`[start] ${line}\n`) : say)(outcome.why);

onSignal = () => {
  say('killing the apps now');
  for (const app of apps) app.kill('SIGKILL');
};
await stopApps(apps, STOP_GRACE_MS);
for (const app of apps) ctx.guard.forget(app.pid);
onSignal = (signal) => say(`${signal}: still stopping the services…`);
await services.stop();
say('stopped');
process.exit(outcome.code);

function parsePort(name, value) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65_535) fail(`${name}=${value} is not a port number`);
  return number;
}
