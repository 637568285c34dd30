#!/usr/bin/env node
// Crawl benchmark: pages per minute and browser memory of one worker at concurrency 1 and 4, against the
// local fixture sites (no real site is contacted). Needs the build and the services:
//   npm run build && node tools/with-services.mjs --profile test -- node tools/bench/crawl.mjs [--tasks 10] [--pages 3] [--delay 0]
// Each run starts a fresh worker (dist/main.js) on its own database, enqueues the same tasks spread over the
// five sites, and measures from the first enqueue to the last completed task. Memory is the proportional
// set size (PSS, shared pages split fairly) of the worker's Chromium process tree, sampled every 250 ms.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixtureSites } from '../fixture-sites/fixture-sites.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'package.json'));
require('reflect-metadata');
const { runMigrations } = require(path.join(root, 'libs/server/database/dist/index.js'));
const { bullOptions, CRAWL_QUEUE, enqueueCrawl } = require(path.join(root, 'libs/server/queue/dist/index.js'));
const { Queue, QueueEvents } = require('bullmq');
const { DataSource } = require('typeorm');

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const TASKS = option('tasks', 10);
const PAGES = option('pages', 3);
const DELAY = option('delay', 0);
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
