#!/usr/bin/env node
// `npm start`: the whole system on this machine, as one Node process that builds, starts the services
// (profile dev), then the API, the worker and the web front door with prefixed output, and keeps them
// running: a service or an app that dies is started again with backoff. One SIGINT or SIGTERM stops all.
//   --no-build  skip the build (the caller just built: `npm test`, `npm run e2e`, the benches)
/* global AbortController -- a Node global the shared ESLint config does not list */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_APP, APPS_AFTER_API, superviseApp, waitForHealthy } from './lib/apps.mjs';
import { freePort, portIsFree } from './lib/ports.mjs';
import { describeExit, trackExit } from './lib/proc.mjs';
import { runtimeMismatch } from './lib/runtime.mjs';
import { publishServices } from './lib/shared-services.mjs';
import { keepRunning } from './lib/supervisor.mjs';
import { createContext, formatTable, startServices } from './services/index.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The API first (it migrates at boot), then the worker and the web front door: tools/lib/apps.mjs.
const API = API_APP;
const AFTER_API = APPS_AFTER_API;
const APPS = [API, ...AFTER_API];
const HEALTH_TIMEOUT_MS = 120_000;
// npm passes a terminal's Ctrl-C on to us although the terminal sent it to us as well: one press, two signals.
const SAME_SIGNAL_MS = 1_000;

const say = (line) => process.stdout.write(`[start] ${line}\n`);
const warn = (line) => process.stderr.write(`[start] ${line}\n`);
const fail = (message) => {
  warn(message);
  process.exit(1);
};

const wrongRuntime = runtimeMismatch();
if (wrongRuntime) fail(wrongRuntime);
const unknown = process.argv.slice(2).filter((arg) => arg !== '--no-build');
if (unknown.length) fail(`unknown option ${unknown[0]} (the only one is --no-build)`);

// What a signal does depends on the phase: abort the build or start-up, stop the system, or hurry the stop.
let onSignal = () => {};
let lastSignalAt = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const now = Date.now();
    const repeated = now - lastSignalAt < SAME_SIGNAL_MS;
    lastSignalAt = now;
    if (!repeated) onSignal(signal);
  });
}

if (!process.argv.includes('--no-build')) await build();

let ctx;
try {
  ctx = createContext({ repoRoot, profile: 'dev', command: 'start', log: say });
} catch (error) {
  fail(error.message); // unreadable .env, data dir not writable
}
const env = process.env; // .env is loaded by now
const port = parsePort('PORT', env.PORT ?? '3000');
const missing = APPS.filter((app) => !fs.existsSync(path.join(repoRoot, app.script))).map((app) => app.script);
if (missing.length) fail(`missing ${missing.join(', ')}: build first (\`npm start\` builds unless given --no-build).`);
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
// Each app's metrics on a port of its own, free unless set (<APP>_METRICS_PORT): docs/product/operations.md#metrics.
const metricsPorts = Object.fromEntries(
  await Promise.all(APPS.map(async (app) => [app.name, env[`${app.name.toUpperCase()}_METRICS_PORT`] ? parsePort(`${app.name.toUpperCase()}_METRICS_PORT`, env[`${app.name.toUpperCase()}_METRICS_PORT`]) : await freePort()])),
);
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

// What `tools/replica.mjs` starts a second set of apps against, while this run lasts.
const unpublishServices = publishServices(ctx.dataDir, services.env);

const watchedServices = services.services.map((service) =>
  keepRunning({
    name: service.name,
    handle: { exited: service.unexpectedExit, stop: () => service.stop() },
    restart: async () => {
      const restarted = await services.restart(service.name);
      return { exited: restarted.unexpectedExit, stop: () => restarted.stop() };
    },
    log: warn,
  }),
);

const watchedApps = [];
let reportAppGaveUp;
const appGaveUp = new Promise((resolve) => (reportAppGaveUp = resolve));
const gaveUp = (watched) => watched.gaveUp.then((why) => ({ code: 1, why: `${why}: stopping everything` }));
const startWatchedApp = (app) => {
  const watched = superviseApp({
    name: app.name,
    script: path.join(repoRoot, app.script),
    cwd: repoRoot,
    env: { ...appEnv, METRICS_PORT: String(metricsPorts[app.name]) },
    index: APPS.indexOf(app),
    tag: `${process.pid}:${app.name}`,
    guard: ctx.guard,
    log: warn,
  });
  watchedApps.push(watched);
  void gaveUp(watched).then(reportAppGaveUp);
};

const stopRequested = new Promise((resolve) => (onSignal = resolve));
const health = new AbortController();
// The API first, directly, so the front door does not log a 502 for every poll while the API boots;
// then the same health through the front door, which proves the one-origin routing.
const apiHealthUrl = new URL('/api/health', appEnv.API_URL).toString();
const frontDoorHealthUrl = `http://127.0.0.1:${port}/api/health`;
const bootSystem = async () => {
  startWatchedApp(API);
  await waitForHealthy(apiHealthUrl, { timeoutMs: HEALTH_TIMEOUT_MS, signal: health.signal });
  if (health.signal.aborted) return;
  for (const app of AFTER_API) startWatchedApp(app);
  await waitForHealthy(frontDoorHealthUrl, { timeoutMs: HEALTH_TIMEOUT_MS, signal: health.signal });
  if (health.signal.aborted) return;
  say(`ready: http://localhost:${port} (healthy after ${process.uptime().toFixed(1)} s, on Node ${process.versions.node})`);
  say(`metrics: ${APPS.map((app) => `${app.name} http://127.0.0.1:${metricsPorts[app.name]}/metrics`).join(', ')}`);
};
// Runs until a signal (a normal end), a crash loop, or no health in time.
const outcome = await Promise.race([
  stopRequested.then((signal) => ({ code: 0, why: `${signal}: stopping` })),
  ...watchedServices.map(gaveUp),
  appGaveUp,
  bootSystem().then(
    () => new Promise(() => {}), // keep running
    (error) => ({ code: 1, why: `${error.message}: stopping everything` }),
  ),
]);
health.abort();
(outcome.code ? warn : say)(outcome.why);

onSignal = () => {
  say('killing the apps now');
  for (const watched of watchedApps) watched.current.kill?.();
};
unpublishServices();
await Promise.all(watchedApps.map((watched) => watched.stop()));
onSignal = (signal) => say(`${signal}: still stopping the services…`);
// In reverse order of need, as services.stop() would; each watch first, so a stop is not taken for a crash.
for (const watched of [...watchedServices].reverse()) {
  try {
    await watched.stop();
  } catch (error) {
    warn(`could not stop ${watched.name}: ${error.message}`);
  }
}
ctx.close();
say('stopped');
process.exit(outcome.code);

/** `nx run-many -t build`, as `npm run build` does; its cache makes an unchanged checkout quick. */
async function build() {
  say('building (skip with --no-build)…');
  const started = Date.now();
  // The bin link's target, run by this Node: no npx or shell in between to swallow a signal.
  const nx = fs.realpathSync(path.join(repoRoot, 'node_modules', '.bin', 'nx'));
  const child = trackExit(spawn(process.execPath, [nx, 'run-many', '-t', 'build', '--output-style=stream-without-prefixes'], { cwd: repoRoot, stdio: 'inherit' }));
  onSignal = () => child.kill('SIGTERM');
  const exit = await child.exited;
  onSignal = () => {};
  if (exit.signal) process.exit(1);
  if (exit.code !== 0) fail(`the build failed (${describeExit(exit)})`);
  say(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function parsePort(name, value) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65_535) fail(`${name}=${value} is not a port number`);
  return number;
}
