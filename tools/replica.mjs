#!/usr/bin/env node
// `npm run replica`: one more set of the apps (API, worker, web front door) on this machine, against the services
// of the `npm start` already running (or those the environment names), as a second replica behind a load balancer
// would run (README: Running more than one of each; ADR 058). It starts no service and builds nothing: start
// `npm start` first. Each app is kept running as `npm start` keeps its own; one SIGINT or SIGTERM stops the set.
//   --port <n>  the front door's port (default: a free one; PORT is the first set's)
/* global AbortController -- a Node global the shared ESLint config does not list */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_APP, APPS_AFTER_API, superviseApp, waitForHealthy } from './lib/apps.mjs';
import { loadDotenv, resolveDataDir } from './lib/env.mjs';
import { startGuard } from './lib/guard.mjs';
import { freePort, portIsFree } from './lib/ports.mjs';
import { runtimeMismatch } from './lib/runtime.mjs';
import { sharedServices } from './lib/shared-services.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = [API_APP, ...APPS_AFTER_API];
const HEALTH_TIMEOUT_MS = 120_000;
const SAME_SIGNAL_MS = 1_000;

const say = (line) => process.stdout.write(`[replica] ${line}\n`);
const warn = (line) => process.stderr.write(`[replica] ${line}\n`);
const fail = (message) => {
  warn(message);
  process.exit(1);
};

const wrongRuntime = runtimeMismatch();
if (wrongRuntime) fail(wrongRuntime);
const args = process.argv.slice(2);
let port;
for (let index = 0; index < args.length; index += 1) {
  if (args[index] === '--port') port = parsePort('--port', args[(index += 1)]);
  else fail(`unknown option ${args[index]} (the only one is --port <n>)`);
}

let services;
try {
  loadDotenv(repoRoot);
  services = sharedServices(process.env, resolveDataDir(process.env, repoRoot, 'dev'));
} catch (error) {
  fail(error.message);
}
const missing = APPS.filter((app) => !fs.existsSync(path.join(repoRoot, app.script))).map((app) => app.script);
if (missing.length) fail(`missing ${missing.join(', ')}: build first (\`npm run build\`, or \`npm start\` builds).`);
port ??= await freePort();
if (!(await portIsFree(port))) fail(`port ${port} is already in use: pick another with --port, or leave it out for a free one.`);
const apiPort = await freePort();
const metricsPorts = Object.fromEntries(await Promise.all(APPS.map(async (app) => [app.name, await freePort()])));
const appEnv = {
  NODE_ENV: 'production',
  ...process.env,
  ...services.env,
  // This set's own addresses: never the first set's PORT, API_PORT or API_URL from .env or the shell.
  PORT: String(port),
  HOST: process.env.HOST || '127.0.0.1',
  API_PORT: String(apiPort),
  API_HOST: '127.0.0.1',
  API_URL: `http://127.0.0.1:${apiPort}`,
};
say(`services from ${services.from}`);

const guard = startGuard(repoRoot);
const watchedApps = [];
let reportGaveUp;
const appGaveUp = new Promise((resolve) => (reportGaveUp = resolve));
const startWatchedApp = (app) => {
  const watched = superviseApp({
    name: `${app.name}-2`,
    script: path.join(repoRoot, app.script),
    cwd: repoRoot,
    env: { ...appEnv, METRICS_PORT: String(metricsPorts[app.name]) },
    index: APPS.indexOf(app),
    tag: `${process.pid}:replica:${app.name}`,
    guard,
    log: warn,
  });
  watchedApps.push(watched);
  void watched.gaveUp.then((why) => reportGaveUp({ code: 1, why: `${why}: stopping the replica` }));
};

let lastSignalAt = 0;
let onSignal = () => {};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const now = Date.now();
    const repeated = now - lastSignalAt < SAME_SIGNAL_MS;
    lastSignalAt = now;
    if (!repeated) onSignal(signal);
  });
}
const stopRequested = new Promise((resolve) => (onSignal = resolve));
const health = new AbortController();
const boot = async () => {
  startWatchedApp(API_APP);
  await waitForHealthy(`${appEnv.API_URL}/api/health`, { timeoutMs: HEALTH_TIMEOUT_MS, signal: health.signal });
  if (health.signal.aborted) return;
  for (const app of APPS_AFTER_API) startWatchedApp(app);
  await waitForHealthy(`http://127.0.0.1:${port}/api/health`, { timeoutMs: HEALTH_TIMEOUT_MS, signal: health.signal });
  if (health.signal.aborted) return;
  say(`ready: http://127.0.0.1:${port} (API http://127.0.0.1:${apiPort}; healthy after ${process.uptime().toFixed(1)} s)`);
  say(`metrics: ${APPS.map((app) => `${app.name} http://127.0.0.1:${metricsPorts[app.name]}/metrics`).join(', ')}`);
};
const outcome = await Promise.race([
  stopRequested.then((signal) => ({ code: 0, why: `${signal}: stopping` })),
  appGaveUp,
  boot().then(
    () => new Promise(() => {}),
    (error) => ({ code: 1, why: `${error.message}: stopping the replica` }),
  ),
]);
health.abort();
(outcome.code ? warn : say)(outcome.why);
onSignal = () => {
  say('killing the apps now');
  for (const watched of watchedApps) watched.current.kill?.();
};
await Promise.all(watchedApps.map((watched) => watched.stop()));
say('stopped');
process.exit(outcome.code);

function parsePort(name, value) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65_535) fail(`${name} ${value} is not a port number`);
  return number;
}
