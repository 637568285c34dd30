#!/usr/bin/env node
// Crawl benchmark against the local fixture sites (no real site is contacted). Needs the build and the services:
//   npm run build && node tools/with-services.mjs --profile test -- node tools/bench/crawl.mjs [--mode …] [options]
// Modes:
//   concurrency (default) [--tasks 10] [--pages 3] [--delay 0]: pages per minute and Chromium memory of one worker
//     at concurrency 1 and 4; the same tasks spread over the five sites, timed from the first enqueue to the last
//     completed task.
//   sites [--seconds 90] [--delay 1000]: the five sites at once from one worker (concurrency 5), each crawled
//     without end for the window; pages per minute per site (search pages the fixture answered in the window) and
//     their ratio to the politeness limit 60,000 / request_delay (target ≥ 0.9, ADR 064), and the peak PSS of the
//     worker plus its Chromium (target ≤ 700 MB).
//   refusing [--seconds 120] [--delay 1000] [--refuse zhipin] [--every 10]: as `sites`, with one site refusing
//     every tenth search page (the fixture's refusing mode): that site's pace steps over time and its pages per
//     minute per 10 s, while the other four should stay ≥ 0.9. A refused run fails as it does in production, and
//     the bench starts the site's next run at once, as a schedule would later.
// Each run starts a fresh worker (dist/main.js) on its own database. Memory is the proportional set size (PSS,
// shared pages split fairly), sampled every 250 ms.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEARCH_PATHS, startFixtureSites } from '../fixture-sites/fixture-sites.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'package.json'));
require('reflect-metadata');
const { runMigrations } = require(path.join(root, 'libs/server/database/dist/index.js'));
const { bullOptions, CRAWL_QUEUE, enqueueCrawl } = require(path.join(root, 'libs/server/queue/dist/index.js'));
const { Queue, QueueEvents } = require('bullmq');
const { Redis } = require('ioredis');
const { DataSource } = require('typeorm');

const args = process.argv.slice(2);
const text = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const option = (name, fallback) => Number(text(name, fallback));
const MODE = text('mode', 'concurrency');
const TASKS = option('tasks', 10);
const PAGES = option('pages', 3);
const DELAY = option('delay', MODE === 'concurrency' ? 0 : 1000);
const SECONDS = option('seconds', MODE === 'refusing' ? 120 : 90);
const REFUSED = text('refuse', 'zhipin');
const EVERY = option('every', 10);
const SITES = ['zhipin', 'job51', 'liepin', 'zhaopin', 'lagou'];
const SEARCH = {
  zhipin: (kw) => `https://www.zhipin.com/web/geek/job?query=${encodeURIComponent(kw)}&city=101250100&page=1`,
  job51: (kw) => `https://we.51job.com/pc/search?keyword=${encodeURIComponent(kw)}&jobArea=190200&searchType=2&pageNum=1`,
  liepin: (kw) => `https://www.liepin.com/zhaopin/?key=${encodeURIComponent(kw)}&dq=180020&currentPage=0`,
  zhaopin: (kw) => `https://sou.zhaopin.com/?jl=749&kw=${encodeURIComponent(kw)}&p=1`,
  lagou: (kw) => `https://www.lagou.com/wn/jobs?kd=${encodeURIComponent(kw)}&city=${encodeURIComponent('长沙')}&pn=1`,
};

for (const name of ['DATABASE_URL', 'REDIS_URL', 'CHROMIUM_PATH', 'S3_ENDPOINT']) {
  if (!process.env[name]) {
    console.error(`${name} is not set: run through tools/with-services.mjs (see the header of this file)`);
    process.exit(2);
  }
}

/** Every descendant of a process, from /proc. */
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // process ended while listing
    }
  }
  const out = [];
  const walk = (p) => (children.get(p) ?? []).forEach((child) => (out.push(child), walk(child)));
  walk(pid);
  return out;
}

function chromiumPssMb(workerPid) {
  let kb = 0;
  for (const pid of descendants(workerPid)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) continue;
      const match = /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      kb += match ? Number(match[1]) : 0;
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

/** PSS (MB) of the worker itself and of every process under it (Chromium and its helpers), and their sum. */
function workerAndChromiumPssMb(workerPid) {
  const pss = (pid) => {
    try {
      const match = /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0; // gone
    }
  };
  const worker = pss(workerPid);
  /** Chromium's processes by kind (browser, renderer, gpu-process, utility …), for the breakdown at the peak. */
  const kinds = {};
  let chromium = 0;
  for (const pid of descendants(workerPid)) {
    const mb = pss(pid);
    let kind = 'other';
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      kind = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? (cmdline.includes('chromium') ? 'browser' : 'other');
    } catch {
      // gone
    }
    kinds[kind] = (kinds[kind] ?? { count: 0, mb: 0 });
    kinds[kind].count += 1;
    kinds[kind].mb += mb;
    chromium += mb;
  }
  return { worker, chromium, total: worker + chromium, kinds };
}

async function createDatabase() {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const server = new DataSource({ type: 'postgres', url: process.env.DATABASE_URL });
  await server.initialize();
  await server.query(`CREATE DATABASE "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  await runMigrations(url.toString());
  return {
    url: url.toString(),
    drop: async () => {
      await server.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await server.destroy();
    },
  };
}

async function benchOnce(concurrency, fixtures) {
  const database = await createDatabase();
  const data = new DataSource({ type: 'postgres', url: database.url });
  await data.initialize();
  const redisUrl = new URL(process.env.REDIS_URL);
  redisUrl.pathname = '/11';
  const queue = new Queue(CRAWL_QUEUE, bullOptions(redisUrl.toString()));
  const events = new QueueEvents(CRAWL_QUEUE, bullOptions(redisUrl.toString()));
  await queue.obliterate({ force: true });
  await events.waitUntilReady();
  await data.query(`INSERT INTO admin_config (key, value) VALUES ('request_delay', $1)`, [String(DELAY)]);

  const worker = spawn('node', [path.join(root, 'apps/worker/dist/main.js')], {
    env: { ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl.toString(), CRAWLER_SITE_ORIGINS: fixtures.env, CRAWL_CONCURRENCY: String(concurrency), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const taskIds = [];
  for (let index = 0; index < TASKS; index += 1) {
    const site = SITES[index % SITES.length];
    const [task] = await data.query(`INSERT INTO crawl_tasks (name, site, "targetUrls") VALUES ($1, $2, $3) RETURNING id`, [`bench ${index}`, site, [SEARCH[site](`AI产品经理${index}`)]]);
    taskIds.push(task.id);
  }

  // Warm-up: one page launches Chromium, so the launch is not counted as crawl time.
  const [warm] = await data.query(`INSERT INTO crawl_tasks (name, site, "targetUrls") VALUES ('warm-up', 'zhipin', $1) RETURNING id`, [[SEARCH.zhipin('warm')]]);
  await (await enqueueCrawl(queue, { taskId: warm.id, maxPages: 1 })).waitUntilFinished(events, 60_000);

  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, chromiumPssMb(worker.pid))), 250);
  const started = Date.now();
  const jobs = await Promise.all(taskIds.map((taskId) => enqueueCrawl(queue, { taskId, maxPages: PAGES })));
  await Promise.all(jobs.map((job) => job.waitUntilFinished(events, 300_000)));
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);

  const [{ pages, found }] = await data.query(
    `SELECT sum(("lastRunStats"->>'pagesDone')::int)::int AS pages, sum(("lastRunStats"->>'found')::int)::int AS found FROM crawl_tasks WHERE id = ANY($1)`,
    [taskIds],
  );
  const exited = new Promise((resolve) => worker.on('exit', resolve));
  worker.kill('SIGTERM');
  await exited;
  await queue.obliterate({ force: true });
  await Promise.all([queue.close(), events.close(), data.destroy()]);
  await database.drop();
  return { concurrency, pages, found, seconds, pagesPerMinute: (pages / seconds) * 60, peakMb };
}

/** One worker crawling the five sites at once for SECONDS; `refused` names a site in the fixture's refusing mode. */
async function benchSites(fixtures, refused) {
  const database = await createDatabase();
  const data = new DataSource({ type: 'postgres', url: database.url });
  await data.initialize();
  const redisUrl = new URL(process.env.REDIS_URL);
  redisUrl.pathname = '/11';
  const queue = new Queue(CRAWL_QUEUE, bullOptions(redisUrl.toString()));
  const events = new QueueEvents(CRAWL_QUEUE, bullOptions(redisUrl.toString()));
  const redis = new Redis(redisUrl.toString());
  await queue.obliterate({ force: true });
  // Slots and paces of an earlier run would start this one slowed down.
  const stale = await redis.keys('aipm:crawl:site-*');
  if (stale.length > 0) await redis.del(...stale);
  await events.waitUntilReady();
  await data.query(`INSERT INTO admin_config (key, value) VALUES ('request_delay', $1)`, [String(DELAY)]);
  fixtures.setMode('*', 'normal');

  const worker = spawn('node', [path.join(root, 'apps/worker/dist/main.js')], {
    env: { ...process.env, DATABASE_URL: database.url, REDIS_URL: redisUrl.toString(), CRAWLER_SITE_ORIGINS: fixtures.env, CRAWL_CONCURRENCY: String(SITES.length), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [warm] = await data.query(`INSERT INTO crawl_tasks (name, site, "targetUrls") VALUES ('warm-up', 'zhipin', $1) RETURNING id`, [[SEARCH.zhipin('warm')]]);
  await (await enqueueCrawl(queue, { taskId: warm.id, maxPages: 1 })).waitUntilFinished(events, 60_000);
  if (refused) fixtures.setMode(refused, 'refusing');
  for (const site of SITES) fixtures.requests[site].length = 0;

  // Enough pages for the whole window at the politeness limit; a run that ends early (a refusal) is followed by the next.
  const pagesPerRun = Math.ceil(((SECONDS + 30) * 1000) / Math.max(DELAY, 100)) + 10;
  let stopping = false;
  let runs = 0;
  const loops = SITES.map(async (site) => {
    for (let turn = 0; !stopping; turn += 1) {
      const [task] = await data.query(`INSERT INTO crawl_tasks (name, site, "targetUrls") VALUES ($1, $2, $3) RETURNING id`, [`bench ${site} ${turn}`, site, [SEARCH[site](`AI产品经理${turn}`)]]);
      runs += 1;
      // One run per site for the whole window (its 最大结果数 raised past its pages): the window measures pages, not
      // run starts. A refused run ends early and the next one starts at once.
      const job = await enqueueCrawl(queue, { taskId: task.id, maxPages: pagesPerRun, maxResults: pagesPerRun * 10 + 10 });
      await job.waitUntilFinished(events, (SECONDS + 120) * 1000).catch(() => undefined);
    }
  });

  let peak = { worker: 0, chromium: 0, total: 0, kinds: {} };
  const sampler = setInterval(() => {
    const now = workerAndChromiumPssMb(worker.pid);
    if (now.total > peak.total) peak = now;
  }, 250);
  // The window opens once every site has loaded its first page, so Chromium's first tabs are not counted against it.
  const searchTimes = (site) => fixtures.requests[site].filter((request) => request.path === SEARCH_PATHS[site] && request.method === 'GET').map((request) => request.at);
  while (SITES.some((site) => searchTimes(site).length === 0)) await new Promise((resolve) => setTimeout(resolve, 50));
  const opened = Date.now();
  const steps = [];
  let lastStep = null;
  const paceOf = async (site) => {
    const hash = await redis.hgetall(`aipm:crawl:site-pace:${site}`);
    return { level: Number(hash.level ?? 0), signal: hash.signal || null };
  };
  while (Date.now() - opened < SECONDS * 1000) {
    if (refused) {
      const pace = await paceOf(refused);
      const step = ['normal', 'slow ×2', 'slow ×4', 'paused'][pace.level] ?? String(pace.level);
      if (step !== lastStep) {
        steps.push({ at: Date.now() - opened, step, signal: pace.signal });
        lastStep = step;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const closed = Date.now();
  stopping = true;
  clearInterval(sampler);
  const limit = 60_000 / DELAY;
  const minutes = (closed - opened) / 60_000;
  const perSite = SITES.map((site) => {
    const pages = searchTimes(site).filter((at) => at >= opened && at < closed).length;
    return { site, pages, perMinute: pages / minutes, ratio: pages / minutes / limit, refused: fixtures.refusals[site].filter((at) => at >= opened && at < closed).length };
  });
  const buckets = [];
  if (refused) {
    const times = searchTimes(refused);
    // Whole 10 s buckets only: a last sliver of the window would read as a rate of nothing.
    for (let start = opened; start + 10_000 <= closed + 500; start += 10_000) {
      const end = Math.min(start + 10_000, closed);
      const pages = times.filter((at) => at >= start && at < end).length;
      buckets.push({ from: (start - opened) / 1000, pages, perMinute: (pages / (end - start)) * 60_000, refusals: fixtures.refusals[refused].filter((at) => at >= start && at < end).length });
    }
  }

  const exited = new Promise((resolve) => worker.on('exit', resolve));
  worker.kill('SIGTERM');
  await exited;
  await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  await queue.obliterate({ force: true });
  await Promise.all([queue.close(), events.close(), data.destroy(), redis.quit()]);
  await database.drop();
  fixtures.setMode('*', 'normal');
  return { perSite, peakMb: peak.total, peak, limit, seconds: (closed - opened) / 1000, steps, buckets, runs };
}

function printSites(result, refused) {
  for (const { site, pages, perMinute, ratio, refused: refusals } of result.perSite) {
    const verdict = site === refused ? '(refusing site)' : ratio >= 0.9 ? 'ok' : 'BELOW 0.9';
    console.log(`  ${site.padEnd(8)} ${String(pages).padStart(4)} pages → ${perMinute.toFixed(1).padStart(5)} pages/min, ratio ${ratio.toFixed(3)} of ${result.limit.toFixed(0)}/min ${verdict}${refusals ? `, ${refusals} refused` : ''}`);
  }
  console.log(
    `  peak PSS of the worker + Chromium: ${result.peakMb.toFixed(0)} MB (worker ${result.peak.worker.toFixed(0)} MB, Chromium ${result.peak.chromium.toFixed(0)} MB: ${Object.entries(result.peak.kinds ?? {})
      .map(([kind, { count, mb }]) => `${kind} ${count}× ${mb.toFixed(0)} MB`)
      .join(', ')}) ${result.peakMb <= 700 ? '(≤ 700 MB)' : '(ABOVE 700 MB)'}`,
  );
  if (refused) {
    console.log(`  ${refused}'s pace over time (s: step, signal):`);
    for (const { at, step, signal } of result.steps) console.log(`    ${(at / 1000).toFixed(1).padStart(6)} s: ${step}${signal ? ` (last signal ${signal})` : ''}`);
    console.log(`  ${refused}'s pages per 10 s (pages/min, refusals):`);
    console.log(`    ${result.buckets.map((bucket) => `${bucket.from.toFixed(0)}s ${bucket.perMinute.toFixed(0)}/min${bucket.refusals ? ` ✕${bucket.refusals}` : ''}`).join(' · ')}`);
  }
}

if (MODE === 'sites' || MODE === 'refusing') {
  const fixtures = await startFixtureSites({ perPage: 10, totalPages: 100_000, refuseEvery: EVERY });
  try {
    const refused = MODE === 'refusing' ? REFUSED : null;
    console.log(
      `crawl benchmark (${MODE}): the five fixture sites at once from one worker (concurrency ${SITES.length}) for ${SECONDS} s, request_delay ${DELAY} ms (limit ${(60_000 / DELAY).toFixed(0)} pages/min per site)${refused ? `, ${refused} refusing every ${EVERY}th page` : ''}, Chromium ${process.env.CHROMIUM_PATH}`,
    );
    const result = await benchSites(fixtures, refused);
    printSites(result, refused);
    const others = result.perSite.filter((entry) => entry.site !== refused);
    // The memory target is the five sites' run's; the refusing run is about the others keeping their pace.
    const failed = others.some((entry) => entry.ratio < 0.9) || (!refused && result.peakMb > 700);
    const memory = refused ? '' : `, peak ${result.peakMb.toFixed(0)} MB ≤ 700 MB`;
    console.log(`${failed ? 'NOT MET' : 'met'}: every${refused ? ' other' : ''} site ≥ 0.9 of the limit (lowest ${Math.min(...others.map((entry) => entry.ratio)).toFixed(3)})${memory}`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await fixtures.close();
  }
  // The runs' waits for their jobs (stopped with the worker) would keep the process alive until they time out.
  process.exit();
} else {
  const fixtures = await startFixtureSites({ perPage: 10, totalPages: PAGES });
  try {
    console.log(`crawl benchmark: ${TASKS} tasks over ${SITES.length} fixture sites, ${PAGES} pages each, request_delay ${DELAY} ms, Chromium ${process.env.CHROMIUM_PATH}`);
    const results = [];
    for (const concurrency of [1, 4]) {
      const result = await benchOnce(concurrency, fixtures);
      results.push(result);
      console.log(
        `concurrency ${result.concurrency}: ${result.pages} pages, ${result.found} jobs in ${result.seconds.toFixed(1)} s → ${result.pagesPerMinute.toFixed(0)} pages/min; Chromium peak PSS ${result.peakMb.toFixed(0)} MB`,
      );
    }
    const [one, four] = results;
    console.log(`ratio concurrency 4 / 1: throughput ×${(four.pagesPerMinute / one.pagesPerMinute).toFixed(2)}, memory ×${(four.peakMb / one.peakMb).toFixed(2)}`);
  } finally {
    await fixtures.close();
  }
}
