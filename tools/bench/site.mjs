// @ts-check
/**
 * Public-site bench (the budgets of docs/product/public-site.md#assets-and-performance): builds, starts the whole
 * system as `npm start` does (own PORT and DATA_DIR), then prints
 *   - Lighthouse mobile scores of / (performance ≥ 95; accessibility, best practices, SEO 100), BENCH_LIGHTHOUSE_RUNS
 *     runs (3) as median and range, with the main thread's CPU time read from each trace (lib/trace-cpu.mjs),
 *   - the JavaScript a browser downloads on / (raw and gzip; budget ≤ 100 KB gzip),
 *   - SSR throughput of / and of a legal page (/privacy-policy) against the same HTML from a bare static server,
 *     as ratios from one run (≥ 0.5 with the page cache of ADR 032).
 * Loopback only; request counts are bounded.
 *   - with --lighthouse-references, Lighthouse on two reference pages in the same runs: the landing's own HTML
 *     without its scripts (what the page costs before any JavaScript) and a minimal page (what this machine
 *     and Lighthouse cost on their own), served by a bare server that passes every other path to the system.
 * Usage: npm exec -- node tools/bench/site.mjs [--no-build] [--ssr-only] [--lighthouse-references] [--json file]   (--ssr-only skips Lighthouse and the JavaScript)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

import { chromium } from '@playwright/test';

import { mainThreadCpu } from './lib/trace-cpu.mjs';
import { runtimeMismatch } from '../lib/runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// The system it starts (tools/start.mjs) runs only on the project's Node: say so now, not after a long wait for it.
const wrongRuntime = runtimeMismatch();
if (wrongRuntime) {
  console.error(`[bench] ${wrongRuntime}: npm exec -- node tools/bench/site.mjs`);
  process.exit(1);
}
const args = process.argv.slice(2);
const PORT = Number(process.env.BENCH_PORT ?? 3940);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? '.data/bench';
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE = `http://127.0.0.1:${PORT}`;
const JS_BUDGET_GZIP = 100 * 1024;
/** Stack notes: a bare Remix v2 + remix-i18next + i18next + language detector page ships this much. */
const BASELINE_GZIP_KB = 105;
const LOAD = { requests: Number(process.env.BENCH_REQUESTS ?? 2000), concurrency: 16, warmup: 200 };
/** Slices each throughput is measured in, alternating with its baseline's. */
const ROUNDS = 5;

function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function startSystem() {
  const child = spawn(process.execPath, ['tools/start.mjs', '--no-build'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

/** Gzip size of every file the page downloads of one kind. */
async function sizes(urls) {
  const files = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url, { keepalive: false })).arrayBuffer());
    files.push({ file: new URL(url).pathname, raw: body.length, gzip: zlib.gzipSync(body, { level: 6 }).length });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return { files, raw: files.reduce((sum, f) => sum + f.raw, 0), gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

/**
 * Every script the page downloads in a real browser (modulepreloads, entry, lazy chunks), and apart from
 * them the data it fetches before hydrating (the page language's locale file, JSON rather than code).
 */
async function measureJavaScript() {
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    const scripts = new Set();
    const data = new Set();
    page.on('response', (response) => {
      const url = response.url();
      if (response.request().resourceType() === 'script' || url.endsWith('.js')) scripts.add(url);
      else if (new URL(url).pathname.startsWith('/assets/') && url.endsWith('.json')) data.add(url);
    });
    await page.goto(`${BASE}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return { ...(await sizes(scripts)), data: await sizes(data) };
  } finally {
    await browser.close();
  }
}

/** Lighthouse runs on /: the machine is shared, so one run is not a figure (median and range of these). */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

function runLighthouseOnce(run, url = `${BASE}/`, name = 'lighthouse') {
  const output = path.join(root, DATA_DIR, `${name}-${run}.json`);
  // The page cache is warm when Lighthouse loads the page, as after the SSR load above (ADR 032).
  // (Node's own fetch in a child, as this function is synchronous: curl is not on every fresh machine.)
  spawnSync(process.execPath, ['-e', `fetch(${JSON.stringify(url)}).then((response) => response.arrayBuffer())`]);
  const load = os.loadavg()[0];
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      `--output-path=${output}`,
      '--save-assets',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROME }, encoding: 'utf8', timeout: 180_000 },
  );
  if (!fs.existsSync(output)) throw new Error(`Lighthouse wrote no report: ${result.stderr?.slice(-2000)}`);
  const report = JSON.parse(fs.readFileSync(output, 'utf8'));
  const scores = Object.fromEntries(Object.entries(report.categories).map(([id, category]) => [id, Math.round(category.score * 100)]));
  const failing = Object.values(report.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
    .map((audit) => `${audit.id} (${audit.score})`);
  const metric = (id) => Math.round(report.audits[id]?.numericValue ?? NaN);
  return {
    load,
    scores,
    failing,
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    serverResponse: metric('server-response-time'),
    cpu: mainThreadCpu(output.replace(/\.json$/, '-0.trace.json')),
  };
}

/**
 * LIGHTHOUSE_RUNS runs of `/`, each followed by one run of every reference page (`{ name: url }`), so that the
 * machine's load weighs on them alike. Resolves with the landing's figures and each reference's.
 */
function runLighthouse(references = {}) {
  const runs = [];
  const referenceRuns = Object.fromEntries(Object.keys(references).map((name) => [name, []]));
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    runs.push(runLighthouseOnce(run));
    for (const [name, url] of Object.entries(references)) referenceRuns[name].push(runLighthouseOnce(run, url, `lighthouse-${name}`));
  }
  return { ...lighthouseFigures(runs), references: Object.fromEntries(Object.entries(referenceRuns).map(([name, each]) => [name, lighthouseFigures(each)])) };
}

function lighthouseFigures(runs) {
  const spread = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
  };
  const figure = (pick) => spread(runs.map(pick));
  return {
    runs,
    // The run with the median performance score gives the other categories (they do not move with the load).
    scores: [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs.length / 2)].scores,
    // Each audit once, with its lowest score over the runs.
    failing: [...new Map(runs.flatMap((run) => run.failing).sort().reverse().map((entry) => [entry.split(' ')[0], entry])).values()],
    performance: figure((run) => run.scores.performance),
    lcp: figure((run) => run.lcp),
    tbt: figure((run) => run.tbt),
    fcp: figure((run) => run.fcp),
    serverResponse: figure((run) => run.serverResponse),
    cpuMs: figure((run) => Math.round(run.cpu.cpuMs)),
    cpuBeforeFcpMs: figure((run) => Math.round(run.cpu.cpuBeforeFcpMs)),
    longestCpuMs: figure((run) => Math.round(run.cpu.longestCpuMs)),
    blockingFromCpuMs: figure((run) => Math.round(run.cpu.blockingFromCpuMs)),
    firstFrameElements: figure((run) => run.cpu.firstFrameElements ?? NaN),
  };
}

/**
 * Seconds taken by `count` GETs of `url` at fixed concurrency on one keep-alive agent (every answer must be a 200).
 */
async function timeRequests(agent, url, headers, count) {
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers: { 'Accept-Encoding': 'identity', ...headers } }, (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? resolve(undefined) : reject(new Error(`${url} answered ${response.statusCode}`))));
        })
        .on('error', reject);
    });
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: LOAD.concurrency }, async () => {
      while (next < count) {
        next += 1;
        await get();
      }
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * Requests per second of two servers, measured in alternating slices (SSR, static, SSR, …) so that a change in
 * the machine's load during the run weighs on both alike (2 shared cores: a sequential A-then-B is not a baseline).
 */
async function throughputPair(a, b) {
  const agents = [a, b].map(() => new http.Agent({ keepAlive: true, maxSockets: LOAD.concurrency }));
  const seconds = [0, 0];
  const slice = Math.ceil(LOAD.requests / ROUNDS);
  await timeRequests(agents[0], a.url, a.headers, LOAD.warmup);
  await timeRequests(agents[1], b.url, b.headers, LOAD.warmup);
  for (let round = 0; round < ROUNDS; round += 1) {
    seconds[0] += await timeRequests(agents[0], a.url, a.headers, slice);
    seconds[1] += await timeRequests(agents[1], b.url, b.headers, slice);
  }
  for (const agent of agents) agent.destroy();
  return seconds.map((s) => (slice * ROUNDS) / s);
}

async function measureSsrRatio(pagePath = '/') {
  // A fresh connection: a keep-alive socket left from the earlier steps may have been closed by the server.
  const html = await new Promise((resolve, reject) => {
    http
      .get(`${BASE}${pagePath}`, { agent: false, headers: { 'Accept-Language': 'zh-CN', 'Accept-Encoding': 'identity' } }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      })
      .on('error', reject);
  });
  // The bare static server is a process of its own like the front door: in the bench's process it would share
  // the client's event loop and CPU time, and on a busy 2-core machine win time slices the front door does not.
  const htmlFile = path.join(root, DATA_DIR, 'static-page.html');
  fs.writeFileSync(htmlFile, html);
  const staticServer = spawn(
    process.execPath,
    [
      '-e',
      `const html = require('fs').readFileSync(process.argv[1], 'utf8');
       const server = require('http').createServer((_req, res) => {
         res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
         res.end(html);
       });
       server.listen(0, '127.0.0.1', () => console.log(server.address().port));`,
      htmlFile,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve, reject) => {
    staticServer.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    staticServer.once('exit', (code) => reject(new Error(`the static server exited (${code})`)));
  });
  try {
    const [ssr, bare] = await throughputPair({ url: `${BASE}${pagePath}`, headers: { 'Accept-Language': 'zh-CN' } }, { url: `http://127.0.0.1:${port}/`, headers: {} });
    return { ssr, bare, ratio: ssr / bare, htmlBytes: Buffer.byteLength(html) };
  } finally {
    staticServer.kill();
  }
}

/** A minimal page: a heading and a line, no stylesheet, no script. */
const MINIMAL_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>AI 产品经理训练营</title><meta name="description" content="长沙 35 天 AI 产品经理训练营"></head>
<body><main><h1>AI 产品经理训练营</h1><p>长沙，35 天，面向 AI 产品经理岗位。</p></main></body></html>`;

/**
 * The reference pages of --lighthouse-references, from a bare server in a process of its own (Lighthouse runs
 * synchronously here): `/` is the landing's HTML with every script and module preload taken out, `/minimal`
 * MINIMAL_PAGE; any other path (images, the favicon) is passed to the system. Resolves with its URLs and a stop.
 */
async function startReferenceServer() {
  const html = await (await fetch(`${BASE}/`, { headers: { 'Accept-Language': 'zh-CN' } })).text();
  const withoutScripts = html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link\b[^>]*(?:rel="modulepreload"|data-after-paint=)[^>]*>/g, '');
  const pagesFile = path.join(root, DATA_DIR, 'reference-pages.json');
  fs.writeFileSync(pagesFile, JSON.stringify({ '/': withoutScripts, '/minimal': MINIMAL_PAGE }));
  const server = spawn(
    process.execPath,
    [
      '-e',
      `const http = require('http');
       const pages = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));
       const upstream = new URL(process.argv[2]);
       const server = http.createServer((req, res) => {
         const page = pages[req.url];
         if (page !== undefined) {
           res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(page) });
           return res.end(page);
         }
         const forwarded = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
           res.writeHead(answer.statusCode, answer.headers);
           answer.pipe(res);
         });
         forwarded.on('error', () => res.destroy());
         req.pipe(forwarded);
       });
       server.listen(0, '127.0.0.1', () => console.log(server.address().port));`,
      pagesFile,
      BASE,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((resolve, reject) => {
    server.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    server.once('exit', (code) => reject(new Error(`the reference server exited (${code})`)));
  });
  const reference = `http://127.0.0.1:${port}`;
  return { urls: { 'without-scripts': `${reference}/`, minimal: `${reference}/minimal` }, stop: () => server.kill() };
}

async function main() {
  if (!args.includes('--no-build')) {
    log('building (nx run-many -t build)…');
    const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  fs.mkdirSync(path.join(root, DATA_DIR), { recursive: true });
  log(`starting the system on ${BASE} (data in ${DATA_DIR})…`);
  const system = startSystem();
  const stop = () => new Promise((resolve) => {
    if (system.exitCode !== null) return resolve(undefined);
    system.once('exit', () => resolve(undefined));
    system.kill('SIGINT');
  });
  try {
    await waitFor(`${BASE}/api/health`, 180_000);
    const ssrOnly = args.includes('--ssr-only');
    log(`SSR vs static throughput (${LOAD.requests} requests each in ${ROUNDS} alternating slices, concurrency ${LOAD.concurrency})…`);
    const ssr = await measureSsrRatio('/');
    const legal = await measureSsrRatio('/privacy-policy');
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log('\nSSR throughput (one run, loopback)');
    for (const [page, figures] of [['/', ssr], ['/privacy-policy', legal]]) {
      console.log(`  ${page.padEnd(16)} SSR ${figures.ssr.toFixed(0)} req/s, static ${figures.bare.toFixed(0)} req/s, ratio ${figures.ratio.toFixed(3)} (HTML ${kb(figures.htmlBytes)})`);
    }
    if (ssrOnly) {
      const jsonIndex = args.indexOf('--json');
      if (jsonIndex >= 0 && args[jsonIndex + 1]) fs.writeFileSync(args[jsonIndex + 1], JSON.stringify({ ssr, legal }, null, 2));
      return;
    }
    log('measuring JavaScript on /…');
    const js = await measureJavaScript();
    log('running Lighthouse (mobile)…');
    const references = args.includes('--lighthouse-references') ? await startReferenceServer() : null;
    let lighthouse;
    try {
      lighthouse = runLighthouse(references?.urls);
    } finally {
      references?.stop();
    }

    const range = ({ median, min, max }, unit = '') => `${median}${unit} (${min}–${max})`;
    console.log(`\nLighthouse (mobile) on /, ${LIGHTHOUSE_RUNS} runs: median (range); load average ${lighthouse.runs.map((run) => run.load.toFixed(1)).join(', ')}`);
    for (const [id, score] of Object.entries(lighthouse.scores)) if (id !== 'performance') console.log(`  ${id.padEnd(16)} ${score}`);
    console.log(`  performance      ${range(lighthouse.performance)}`);
    console.log(`  LCP ${range(lighthouse.lcp, ' ms')}, TBT ${range(lighthouse.tbt, ' ms')}, FCP ${range(lighthouse.fcp, ' ms')}, server response ${range(lighthouse.serverResponse, ' ms')}`);
    console.log('  main-thread CPU from the traces (thread clock, not wall time: the part of TBT that is the page\'s own work)');
    console.log(`    total ${range(lighthouse.cpuMs, ' ms')}, before FCP ${range(lighthouse.cpuBeforeFcpMs, ' ms')}, longest task after FCP ${range(lighthouse.longestCpuMs, ' ms')}`);
    console.log(`    blocking time if wall = CPU (x4 - 50 ms per task after FCP) ${range(lighthouse.blockingFromCpuMs, ' ms')}; elements styled in the first frame ${range(lighthouse.firstFrameElements)}`);
    if (lighthouse.failing.length) console.log(`  audits below 0.9: ${lighthouse.failing.join(', ')}`);
    const referenceNames = { 'without-scripts': "the landing's HTML without its scripts", minimal: 'a minimal page (no stylesheet, no script)' };
    for (const [name, figures] of Object.entries(lighthouse.references)) {
      console.log(`  reference, ${referenceNames[name]}: performance ${range(figures.performance)}`);
      console.log(`    LCP ${range(figures.lcp, ' ms')}, TBT ${range(figures.tbt, ' ms')}, FCP ${range(figures.fcp, ' ms')}; main-thread CPU ${range(figures.cpuMs, ' ms')}`);
    }
    console.log('\nJavaScript downloaded on /');
    for (const file of js.files) console.log(`  ${file.file.padEnd(48)} ${kb(file.raw).padStart(10)} raw ${kb(file.gzip).padStart(9)} gzip`);
    console.log(`  total ${kb(js.raw)} raw, ${kb(js.gzip)} gzip (budget ${kb(JS_BUDGET_GZIP)}; bare Remix + i18next baseline ${BASELINE_GZIP_KB} KB gzip)`);
    console.log('Data fetched before hydration (not JavaScript, not in the budget)');
    for (const file of js.data.files) console.log(`  ${file.file.padEnd(48)} ${kb(file.raw).padStart(10)} raw ${kb(file.gzip).padStart(9)} gzip`);

    const summary = { lighthouse: lighthouse.scores, lighthouseRuns: lighthouse.runs, lighthouseReferences: lighthouse.references, jsGzipBytes: js.gzip, jsRawBytes: js.raw, dataGzipBytes: js.data.gzip, jsBudgetGzipBytes: JS_BUDGET_GZIP, baselineGzipKb: BASELINE_GZIP_KB, ssr, legal };
    const jsonIndex = args.indexOf('--json');
    if (jsonIndex >= 0 && args[jsonIndex + 1]) fs.writeFileSync(args[jsonIndex + 1], JSON.stringify(summary, null, 2));
    const s = lighthouse.scores;
    const ok = lighthouse.performance.median >= 95 && s.accessibility === 100 && s['best-practices'] === 100 && s.seo === 100 && js.gzip <= JS_BUDGET_GZIP;
    // The Lighthouse targets of docs/product/public-site.md#assets-and-performance, on the medians; a loaded
    // machine misses them with the same page (ADR 034), so they are printed rather than failing the run.
    const targets = lighthouse.performance.median >= 99 && lighthouse.lcp.median <= 1_500;
    console.log(`\nLighthouse targets (performance ≥ 99, LCP ≤ 1,500 ms, medians): ${targets ? 'met' : 'NOT met'}`);
    console.log(`budget ${ok ? 'met' : 'NOT met'}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
