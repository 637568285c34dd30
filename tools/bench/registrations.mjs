#!/usr/bin/env node
// Registration throughput: posts N registrations (distinct phones, so no repeats) at concurrency C to the
// built API over loopback, then checks that every acknowledged registration is stored, and only those.
//
//   npm run build -w @aipm/api        (or: npx nx run-many -t build -p @aipm/api)
//   node tools/with-services.mjs -- node tools/bench/registrations.mjs [--count 10000] [--concurrency 50] [--processes N] [--client http|fetch] [--skip-ceiling]
//   node tools/with-services.mjs -- node tools/bench/registrations.mjs --through-front-door   (also needs the web build)
//
// It needs DATABASE_URL and REDIS_URL (with-services provides them). It creates its own database on that
// server, starts apps/api/dist/main.js on a free port with FORM_RATE_LIMIT_PER_MINUTE lifted, measures a
// baseline in the same run (GET /api/admin/check, a one-query read) and prints the registration figures
// beside it, then stops the API and drops the database. --processes sets API_PROCESSES (ADR 033; default: the
// API's own, one per core), so one process and every core can be compared on the same machine. --client picks the
// load generator: Node's http over kept-alive connections (default), or fetch, which costs the generator more CPU
// (the figures before 2026-11-25 were taken with fetch); the generator's own CPU is printed beside each figure.
// Then, unless --skip-ceiling, the ceiling: as many registrations again, the same database work behind bare
// node:http with no framework (lib/bare-registration-server.mjs), on the same database and services.
// --through-front-door measures instead what the front door costs (docs/decisions/058): the built front door
// (apps/web/server/dist/main.js) in front of the same API, both at their default log level, and the registrations
// posted in alternating rounds to the API's own port and through the door; it prints both rates, the ratio (target
// ≥ 0.8), each process's CPU per registration and stored = acknowledged over both.
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import Redis from 'ioredis';
import pg from 'pg';
import { requireServices, startBenchApi } from './lib/bench-api.mjs';
import { startBenchFrontDoor } from './lib/bench-front-door.mjs';
import { keepAliveClient, load } from './lib/load.mjs';
import { freePort } from '../lib/ports.mjs';
import { postmasterPid, redisServerPid, treeCpuSeconds } from './lib/proc-cpu.mjs';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '50' },
    baseline: { type: 'string', default: '2000' },
    processes: { type: 'string' },
    client: { type: 'string', default: 'http' },
    'skip-ceiling': { type: 'boolean', default: false },
    'through-front-door': { type: 'boolean', default: false },
  },
});
const COUNT = Number(values.count);
const CONCURRENCY = Number(values.concurrency);
const BASELINE_COUNT = Number(values.baseline);
if (!['http', 'fetch'].includes(values.client)) throw new Error(`--client is http or fetch, not ${values.client}`);

requireServices('tools/bench/registrations.mjs');
const THROUGH_DOOR = values['through-front-door'];
const DOOR_ROUNDS = 2;
// Both at their default log level, as they run for visitors: what a proxied call costs in log lines counts.
const LOG_LEVEL = THROUGH_DOOR ? { LOG_LEVEL: 'info' } : {};

// The form's rate limit is lifted for the run: one client posts everything.
const api = await startBenchApi(
  'registrations',
  {
    FORM_RATE_LIMIT_PER_MINUTE: String(10 * (THROUGH_DOOR ? 2 * COUNT : COUNT)),
    ...LOG_LEVEL,
    ...(values.processes === undefined ? {} : { API_PROCESSES: values.processes }),
  },
  { connections: CONCURRENCY },
);
const PROCESSES = values.processes === undefined || values.processes === '0' ? `${availableParallelism()} (one per core)` : values.processes;
const { base } = api;

/** The index-th registration: distinct mainland mobiles, so no repeats. */
function registrationRequest(index) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'aipm-bench' },
    body: JSON.stringify({
      name: `压测学员${index}`,
      phone: `139${String(index).padStart(8, '0')}`,
      email: `bench${index}@example.com`,
      school: '中南大学',
      major: '计算机科学与技术',
      goals: '转型 AI 产品经理',
      agreement: true,
      source: { utm_source: 'bench' },
    }),
  };
}

/**
 * The ceiling: COUNT more registrations (phones after the API's) through the bare server, at the same
 * concurrency, with the CPU of the server, PostgreSQL and the generator over them.
 */
async function measureCeiling(servicesCpu) {
  const port = await freePort();
  const bare = fork(new URL('./lib/bare-registration-server.mjs', import.meta.url), {
    env: { ...process.env, DATABASE_URL: api.databaseUrl, BARE_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const client = keepAliveClient(`http://127.0.0.1:${port}`, CONCURRENCY);
  try {
    await new Promise((resolve, reject) => {
      bare.once('message', resolve);
      bare.once('exit', (code) => reject(new Error(`the bare server exited (${code}) before listening`)));
    });
    const before = { server: treeCpuSeconds(bare.pid), ...servicesCpu() };
    const run = await load(COUNT, CONCURRENCY, async (index) => (await client.send({ path: '/api/registrations', ...registrationRequest(COUNT + index) })).status);
    const after = { server: treeCpuSeconds(bare.pid), ...servicesCpu() };
    const spent = Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]]));
    return { run, spent };
  } finally {
    client.close();
    bare.kill('SIGTERM');
    await new Promise((resolve) => (bare.exitCode === null ? bare.once('exit', resolve) : resolve()));
  }
}

/** One call through the chosen generator: its status, the body read to the end. */
async function send(path, init = {}) {
  if (values.client === 'http') return (await api.send({ path, ...init })).status;
  const response = await fetch(`${base}${path}`, init);
  await response.arrayBuffer();
  return response.status;
}

/** The API on its own port: registrations beside a one-query read, then (unless --skip-ceiling) the ceiling. */
async function measureDirect() {
  const baseline = await load(BASELINE_COUNT, CONCURRENCY, () => send('/api/admin/check'));

  // Where the CPU goes during the registrations: the API's processes, PostgreSQL's and Redis's (when they run
  // here), the generator.
  const probe = new pg.Client({ connectionString: api.databaseUrl });
  await probe.connect();
  const postmaster = await postmasterPid(probe).finally(() => probe.end());
  const redisProbe = new Redis(process.env.REDIS_URL);
  const redisServer = await redisServerPid(redisProbe).finally(() => redisProbe.quit());
  const servicesCpu = () => ({
    postgres: postmaster ? treeCpuSeconds(postmaster) : Number.NaN,
    redis: redisServer ? treeCpuSeconds(redisServer) : Number.NaN,
  });
  const cpuBefore = { api: treeCpuSeconds(api.pid), ...servicesCpu() };

  let acknowledged = 0;
  const run = await load(COUNT, CONCURRENCY, async (index) => {
    const status = await send('/api/registrations', registrationRequest(index));
    if (status >= 200 && status < 300) acknowledged += 1;
    return status;
  });

  const cpuAfter = { api: treeCpuSeconds(api.pid), ...servicesCpu() };
  const cpuSpent = Object.fromEntries(Object.keys(cpuAfter).map((key) => [key, cpuAfter[key] - cpuBefore[key]]));

  const store = new pg.Client({ connectionString: api.databaseUrl });
  await store.connect();
  const [{ stored, phones }] = (
    await store.query(`SELECT count(*)::int AS stored, count(DISTINCT "phoneNormalized")::int AS phones FROM registrations`)
  ).rows;
  await store.end();

  const ms = (value) => `${value.toFixed(1)} ms`;
  const cpu = (figures) => `${(figures.clientCpuShare * 100).toFixed(0)} % of a core`;
  const statuses = (map) => [...map].map(([status, n]) => `${status}×${n}`).join(', ');
  console.log(`registrations bench: ${COUNT} POST /api/registrations at concurrency ${CONCURRENCY}, loopback, node ${process.version}, API processes ${PROCESSES}, client ${values.client}`);
  console.log(
    `  baseline GET /api/admin/check ×${BASELINE_COUNT}: ${baseline.perSecond.toFixed(0)} req/s, p50 ${ms(baseline.p50)}, p99 ${ms(
      baseline.p99
    )} (${statuses(baseline.statuses)}; generator CPU ${cpu(baseline)})`
  );
  console.log(
    `  registrations: ${run.perSecond.toFixed(0)} req/s over ${run.seconds.toFixed(1)} s (${(run.perSecond / baseline.perSecond).toFixed(
      2
    )} × baseline; generator CPU ${cpu(run)})`
  );
  console.log(
    `  latency: p50 ${ms(run.p50)}, p95 ${ms(run.p95)}, p99 ${ms(run.p99)}, max ${ms(run.max)} (p50 ${(run.p50 / baseline.p50).toFixed(
      2
    )} × baseline)`
  );
  console.log(`  answers: ${statuses(run.statuses)}`);
  const perRegistration = (seconds) => (Number.isNaN(seconds) ? 'n/a (not on this machine)' : `${((seconds * 1000) / COUNT).toFixed(2)} ms`);
  console.log(
    `  CPU per registration: API ${perRegistration(cpuSpent.api)}, PostgreSQL ${perRegistration(cpuSpent.postgres)}, Redis ${perRegistration(
      cpuSpent.redis
    )}, generator ${perRegistration(run.clientCpuShare * run.seconds)} (1,000 req/s on these ${availableParallelism()} cores leaves ${availableParallelism().toFixed(
      2
    )} ms for all four)`
  );
  const consistent = stored === acknowledged && phones === stored;
  console.log(
    `  stored rows ${stored}, 2xx answers ${acknowledged}, distinct phones ${phones}: ${
      consistent ? 'stored = acknowledged ✔' : 'MISMATCH ✘'
    }`
  );
  process.exitCode = consistent && acknowledged === COUNT ? 0 : 1;

  if (!values['skip-ceiling']) {
    const ceiling = await measureCeiling(servicesCpu);
    console.log(
      `  ceiling, the same database work behind bare node:http (no framework, ${COUNT} more): ${ceiling.run.perSecond.toFixed(0)} req/s (${(
        ceiling.run.perSecond / run.perSecond
      ).toFixed(2)} × the API), p95 ${ms(ceiling.run.p95)}; answers ${statuses(ceiling.run.statuses)}`
    );
    console.log(
      `    CPU per registration: server ${perRegistration(ceiling.spent.server)}, PostgreSQL ${perRegistration(ceiling.spent.postgres)}, Redis ${perRegistration(
        ceiling.spent.redis
      )}, generator ${perRegistration(
        ceiling.run.clientCpuShare * ceiling.run.seconds
      )}`
    );
  }
}

/**
 * The front door's cost: the same registrations in alternating rounds to the API's own port and through the door
 * (so both see the same table sizes and machine load), beside a one-query read each way.
 */
async function measureThroughFrontDoor() {
  const door = await startBenchFrontDoor(api, LOG_LEVEL, { connections: CONCURRENCY });
  try {
    const routes = {
      direct: { send: (path, init) => api.send({ path, ...init }), pids: () => [api.pid] },
      door: { send: (path, init) => door.send({ path, ...init }), pids: () => [api.pid, door.pid] },
    };
    const baselines = {};
    for (const [name, route] of Object.entries(routes)) {
      baselines[name] = await load(BASELINE_COUNT, CONCURRENCY, async () => (await route.send('/api/admin/check')).status);
    }

    const probe = new pg.Client({ connectionString: api.databaseUrl });
    await probe.connect();
    const postmaster = await postmasterPid(probe).finally(() => probe.end());
    const cpuNow = () => ({ api: treeCpuSeconds(api.pid), web: treeCpuSeconds(door.pid), postgres: postmaster ? treeCpuSeconds(postmaster) : Number.NaN });

    const totals = Object.fromEntries(Object.keys(routes).map((name) => [name, { count: 0, seconds: 0, acknowledged: 0, p95s: [], statuses: new Map(), cpu: { api: 0, web: 0, postgres: 0 } }]));
    let next = 0;
    for (let round = 0; round < DOOR_ROUNDS; round += 1) {
      for (const [name, route] of Object.entries(routes)) {
        const count = Math.floor(COUNT / DOOR_ROUNDS) + (round < COUNT % DOOR_ROUNDS ? 1 : 0);
        const first = next;
        next += count;
        const total = totals[name];
        const before = cpuNow();
        const run = await load(count, CONCURRENCY, async (index) => {
          const { status } = await route.send('/api/registrations', registrationRequest(first + index));
          if (status >= 200 && status < 300) total.acknowledged += 1;
          return status;
        });
        const after = cpuNow();
        for (const key of Object.keys(total.cpu)) total.cpu[key] += after[key] - before[key];
        total.count += count;
        total.seconds += run.seconds;
        total.p95s.push(run.p95);
        for (const [status, n] of run.statuses) total.statuses.set(status, (total.statuses.get(status) ?? 0) + n);
      }
    }

    const store = new pg.Client({ connectionString: api.databaseUrl });
    await store.connect();
    const [{ stored, phones }] = (await store.query(`SELECT count(*)::int AS stored, count(DISTINCT "phoneNormalized")::int AS phones FROM registrations`)).rows;
    await store.end();

    const ms = (value) => `${value.toFixed(1)} ms`;
    const statuses = (map) => [...map].map(([status, n]) => `${status}×${n}`).join(', ');
    const perRegistration = (seconds, count) => (Number.isNaN(seconds) ? 'n/a' : `${((seconds * 1000) / count).toFixed(2)} ms`);
    console.log(
      `registrations bench through the front door: ${COUNT} POST /api/registrations on each route, in ${DOOR_ROUNDS} alternating rounds, concurrency ${CONCURRENCY}, loopback, node ${process.version}, API processes ${PROCESSES}, log level ${LOG_LEVEL.LOG_LEVEL}`,
    );
    console.log(`  front door boot: ${door.bootLines().length} log lines up to its first answer`);
    for (const [name, baseline] of Object.entries(baselines)) {
      console.log(`  baseline GET /api/admin/check ×${BASELINE_COUNT} ${name.padEnd(6)}: ${baseline.perSecond.toFixed(0)} req/s, p50 ${ms(baseline.p50)}, p95 ${ms(baseline.p95)} (${statuses(baseline.statuses)})`);
    }
    const rate = (name) => totals[name].count / totals[name].seconds;
    for (const [name, total] of Object.entries(totals)) {
      console.log(
        `  registrations ${name.padEnd(6)}: ${rate(name).toFixed(0)} stored/s over ${total.seconds.toFixed(1)} s, p95 per round ${total.p95s.map(ms).join(' / ')}; answers ${statuses(total.statuses)}; CPU per registration: API ${perRegistration(total.cpu.api, total.count)}, front door ${perRegistration(total.cpu.web, total.count)}, PostgreSQL ${perRegistration(total.cpu.postgres, total.count)}`,
      );
    }
    const ratio = rate('door') / rate('direct');
    const acknowledged = totals.direct.acknowledged + totals.door.acknowledged;
    const consistent = stored === acknowledged && phones === stored;
    console.log(`  through the door / direct: ${ratio.toFixed(2)} (target ≥ 0.80: ${ratio >= 0.8 ? 'met ✔' : 'MISSED ✘'})`);
    console.log(`  stored rows ${stored}, 2xx answers ${acknowledged}, distinct phones ${phones}: ${consistent ? 'stored = acknowledged ✔' : 'MISMATCH ✘'}`);
    process.exitCode = consistent && acknowledged === 2 * COUNT && ratio >= 0.8 ? 0 : 1;
  } finally {
    await door.cleanUp();
  }
}

try {
  if (THROUGH_DOOR) await measureThroughFrontDoor();
  else await measureDirect();
} catch (error) {
  console.error(`bench failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await api.cleanUp();
}
