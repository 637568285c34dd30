// @ts-check
/**
 * The back office on a phone, signed in: Lighthouse mobile (its defaults, as site.mjs: a slow 4G connection and a
 * 4x slower CPU, simulated) on the dashboard `/admin/` and the first list `/admin/registrations`, with
 * `/admin/login` as the reference every build carries (the entry alone, no react-admin). Per route it prints
 * LCP, TBT, FCP and the performance score (median and range of BENCH_LIGHTHOUSE_RUNS runs, 3), the main
 * thread's CPU from each trace (lib/trace-cpu.mjs: the page's own work, which the machine's load does not
 * inflate as it does Lighthouse's wall-time TBT), the LCP element, and the JavaScript the page loaded (files,
 * gzip as transferred); `admin-js.mjs` prints the same routes from the build alone.
 *
 * The API runs on a fresh database (lib/bench-api.mjs) seeded with --rows registrations and messages, and the
 * administrator's session cookie is sent with every request (Lighthouse's --extra-headers), as
 * e2e/support/admin.ts signs in through the API. Each build is served by lib/admin-static-server.mjs (the front
 * door's rules for /admin, /api passed to the API). With `--baseline <admin folder>` (another commit's
 * apps/admin with its dist/ built: tools/bench/baseline-tree.mjs), that build is measured in the same runs,
 * alternating with this one, so the machine's load weighs on both alike.
 *
 * Targets (not held here): LCP ≤ 2.5 s and TBT ≤ 200 ms on both routes; per route ≤ 300 KB gzip of the first
 * screen's code, which admin-js.mjs judges (this prints what a run loaded until it ended, which is more).
 *
 * Usage: npm run build (api and admin), then
 *   node tools/with-services.mjs -- node tools/bench/admin-lighthouse.mjs [--baseline dir] [--rows 500] [--json file]
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

import { requireServices, startBenchApi } from './lib/bench-api.mjs';
import { mainThreadCpu } from './lib/trace-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    rows: { type: 'string', default: '500' },
    json: { type: 'string' },
  },
});
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUTPUT_DIR = path.join(root, process.env.BENCH_DATA_DIR ?? '.data/bench', 'admin-lighthouse');
const ROUTES = [
  { name: '/admin/login (reference)', path: '/admin/login', signedIn: false },
  { name: '/admin/ (dashboard)', path: '/admin/', signedIn: true },
  { name: '/admin/registrations', path: '/admin/registrations', signedIn: true },
];
const TARGET = { lcpMs: 2_500, tbtMs: 200, jsGzipKb: 300 };

requireServices('tools/bench/admin-lighthouse.mjs');

function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

// The lists' seed in small (lists.mjs seeds the same shapes at 100,000 rows): names, schools and statuses vary,
// spread over the last days so the dashboard's charts have something to draw.
const SEED = [
  `INSERT INTO registrations (name, phone, "phoneNormalized", email, school, major, goals, status, "createdAt")
   SELECT (ARRAY['王','李','张','刘','陈'])[1 + i % 5] || (ARRAY['伟','芳','娜','敏','静','丽'])[1 + (i / 5) % 6],
          '13' || lpad(((i * 7919) % 1000000000)::text, 9, '0'), '+8613' || lpad(((i * 7919) % 1000000000)::text, 9, '0'),
          'lead' || i || '@example.com', (ARRAY['中南大学','湖南大学','湖南师范大学','长沙理工大学'])[1 + i % 4],
          (ARRAY['计算机科学与技术','软件工程','市场营销','工商管理'])[1 + (i / 4) % 4], '希望转行做 AI 产品经理',
          (ARRAY['new','new','new','contacted','enrolled','invalid'])[1 + (i * 7) % 6], now() - (i * interval '47 minutes')
   FROM generate_series(1, $1::int) AS i`,
  `INSERT INTO contact_messages (name, phone, "phoneNormalized", email, subject, message, status, "createdAt")
   SELECT '访客' || i, '13' || lpad(((i * 104729) % 1000000000)::text, 9, '0'), '+8613' || lpad(((i * 104729) % 1000000000)::text, 9, '0'),
          'ask' || i || '@example.com', (ARRAY['course','pricing','enterprise','technical','other'])[1 + i % 5],
          '想了解训练营的课程安排和学费', (ARRAY['new','new','contacted','invalid'])[1 + i % 4], now() - (i * interval '61 minutes')
   FROM generate_series(1, $1::int) AS i`,
];

/** Starts lib/admin-static-server.mjs for one build; resolves with its base URL and a stop. */
async function serveBuild(adminDir, apiBase) {
  const server = spawn(process.execPath, [path.join(root, 'tools/bench/lib/admin-static-server.mjs'), path.join(adminDir, 'dist'), apiBase], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    server.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    server.once('exit', (code) => reject(new Error(`the admin server for ${adminDir} exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => server.kill() };
}

/** One Lighthouse run of `url`; the cookie, when given, goes with every request of the page. */
function runLighthouseOnce(url, cookie, name) {
  const output = path.join(OUTPUT_DIR, `${name}.json`);
  fs.rmSync(output, { force: true });
  const load = os.loadavg()[0];
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      '--save-assets',
      '--quiet',
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: CHROME }, encoding: 'utf8', timeout: 180_000 },
  );
  if (!fs.existsSync(output)) throw new Error(`Lighthouse wrote no report for ${url}: ${result.stderr?.slice(-2000)}`);
  const report = JSON.parse(fs.readFileSync(output, 'utf8'));
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const finalUrl = report.finalDisplayedUrl ?? report.finalUrl;
  // A session the API refused sends the page to the login form: that run would measure the wrong screen.
  if (cookie && new URL(finalUrl).pathname.startsWith('/admin/login')) throw new Error(`${url} ended on ${finalUrl}: the session was not accepted`);
  const metric = (id) => Math.round(report.audits[id]?.numericValue ?? NaN);
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
  // Lighthouse 13 names the LCP element in its breakdown insight (the element audit of earlier versions is gone).
  const lcpNode = report.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  return {
    load,
    performance: Math.round((report.categories.performance.score ?? NaN) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    lcpElement: lcpNode ? `${String(lcpNode.selector ?? '').split(' > ').pop()} "${String(lcpNode.nodeLabel ?? '').slice(0, 30)}"` : '—',
    jsFiles: scripts.length,
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsResourceBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    cpu: mainThreadCpu(output.replace(/\.json$/, '-0.trace.json')),
  };
}

const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1] };
};

function figures(runs) {
  const figure = (pick) => spread(runs.map(pick));
  return {
    runs,
    performance: figure((run) => run.performance),
    lcp: figure((run) => run.lcp),
    tbt: figure((run) => run.tbt),
    fcp: figure((run) => run.fcp),
    jsFiles: figure((run) => run.jsFiles),
    jsTransferBytes: figure((run) => run.jsTransferBytes),
    jsResourceBytes: figure((run) => run.jsResourceBytes),
    cpuMs: figure((run) => Math.round(run.cpu.cpuMs)),
    longestCpuMs: figure((run) => Math.round(run.cpu.longestCpuMs)),
    blockingFromCpuMs: figure((run) => Math.round(run.cpu.blockingFromCpuMs)),
    lcpElements: [...new Set(runs.map((run) => run.lcpElement))],
  };
}

const range = ({ median, min, max }, unit = '') => `${median.toLocaleString('en')}${unit} (${min.toLocaleString('en')}–${max.toLocaleString('en')})`;
const kb = (bytes) => (bytes / 1024).toFixed(1);

function print(title, results) {
  console.log(`\n${title}`);
  for (const { name, result } of results) {
    const { performance, lcp, tbt, fcp, jsFiles, jsTransferBytes, jsResourceBytes, cpuMs, longestCpuMs, blockingFromCpuMs, lcpElements } = result;
    console.log(`  ${name}`);
    console.log(`    performance ${range(performance)}; LCP ${range(lcp, ' ms')}, TBT ${range(tbt, ' ms')}, FCP ${range(fcp, ' ms')}`);
    console.log(
      `    JavaScript loaded: ${jsFiles.median} files, ${kb(jsTransferBytes.median)} KB transferred (gzip), ${kb(jsResourceBytes.median)} KB raw` +
        `; main-thread CPU ${range(cpuMs, ' ms')}, longest task after FCP ${range(longestCpuMs, ' ms')}, blocking if wall = CPU ${range(blockingFromCpuMs, ' ms')}`,
    );
    console.log(`    LCP element: ${lcpElements.join(' | ')}`);
  }
}

async function main() {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  const builds = [{ title: 'this build', dir: path.join(root, 'apps', 'admin') }];
  if (values.baseline) builds.push({ title: 'baseline', dir: path.resolve(values.baseline) });
  for (const { dir } of builds) {
    if (!fs.existsSync(path.join(dir, 'dist', 'index.html'))) throw new Error(`${dir} holds no admin build: run \`npm run build -w @aipm/admin\` there`);
  }

  log('starting the API on a fresh database…');
  const api = await startBenchApi('admin_lighthouse');
  /** @type {Array<{ stop: () => void }>} */
  const servers = [];
  try {
    const db = new pg.Client({ connectionString: api.databaseUrl });
    await db.connect();
    try {
      for (const statement of SEED) await db.query(statement, [Number(values.rows)]);
      await db.query('VACUUM ANALYZE');
    } finally {
      await db.end();
    }
    await api.signIn();
    const cookie = api.cookie();
    for (const build of builds) {
      const server = await serveBuild(build.dir, api.base);
      servers.push(server);
      Object.assign(build, { base: server.base });
    }

    /** results[build][route] = runs */
    const runs = builds.map(() => ROUTES.map(() => /** @type {any[]} */ ([])));
    for (let run = 0; run < RUNS; run += 1) {
      // Builds alternate within each run and route, so that a change in the load weighs on both alike.
      for (const [routeIndex, route] of ROUTES.entries()) {
        for (const [buildIndex, build] of builds.entries()) {
          const url = `${/** @type {any} */ (build).base}${route.path}`;
          log(`Lighthouse ${run + 1}/${RUNS}: ${build.title} ${route.path} (load ${os.loadavg()[0].toFixed(1)})`);
          const name = `${buildIndex === 0 ? 'this' : 'baseline'}${route.path.replace(/\W+/g, '-')}-${run}`;
          runs[buildIndex][routeIndex].push(runLighthouseOnce(url, route.signedIn ? cookie : undefined, name));
        }
      }
    }

    const results = builds.map((build, buildIndex) => ({
      title: build.title,
      dir: path.relative(root, build.dir) || '.',
      routes: ROUTES.map((route, routeIndex) => ({ name: route.name, path: route.path, result: figures(runs[buildIndex][routeIndex]) })),
    }));
    const loads = runs.flat(2).map((run) => run.load);
    console.log(
      `\nLighthouse mobile (simulated slow 4G, 4x CPU), signed in; ${RUNS} runs per route and build: median (range). ` +
        `Load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${os.cpus().length} cores; ${values.rows} registrations and messages.`,
    );
    for (const result of results) print(`${result.title} (${result.dir})`, result.routes);

    const mine = results[0].routes;
    // The JavaScript target is the first screen's code, which admin-js.mjs counts from the build; a run loads more
    // before it ends (the list's search and filters after its rows, a tooltip's box), so its figure is shown, not judged.
    console.log(
      `\nTargets on the medians of this build: LCP ≤ ${TARGET.lcpMs.toLocaleString('en')} ms, TBT ≤ ${TARGET.tbtMs} ms ` +
        `(JavaScript ≤ ${TARGET.jsGzipKb} KB gzip per route: tools/bench/admin-js.mjs)`,
    );
    for (const { name, result } of mine.slice(1)) {
      const met = (ok) => (ok ? 'met' : 'NOT met');
      console.log(
        `  ${name.padEnd(24)} LCP ${met(result.lcp.median <= TARGET.lcpMs)}, TBT ${met(result.tbt.median <= TARGET.tbtMs)}; ` +
          `JavaScript loaded by the end of the run ${kb(result.jsTransferBytes.median)} KB` +
          (results[1] ? `; baseline LCP ${results[1].routes.find((r) => r.path === mine.find((m) => m.name === name)?.path)?.result.lcp.median} ms` : ''),
      );
    }
    if (values.json) fs.writeFileSync(values.json, JSON.stringify({ runs: RUNS, rows: Number(values.rows), results }, null, 2));
  } finally {
    for (const server of servers) server.stop();
    await api.cleanUp();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
