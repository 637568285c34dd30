// @ts-check
/**
 * Back-office JavaScript per route (/admin/login ≤ 200 KB gzip; docs/product/back-office.md#sign-in-page). Reads
 * the built admin (apps/admin/dist and the module list the build writes to apps/admin/build/meta/modules.json)
 * and prints, for each route, the JavaScript a browser loads: the entry named by index.html with everything it
 * imports statically, plus the lazy chunks that route opens (found by the source module they hold) with their own
 * static imports. Sizes are the files on disk, raw and gzip (level 9, as Vite reports them), in KB of
 * 1,024 bytes.
 *
 * The baseline is the whole build: every chunk together is what the single chunk carried before the split.
 * With `--baseline <admin folder>` (a build of another commit with its own dist/ and build/meta/), that
 * build's routes are printed too, e.g. the single-chunk admin before the route split.
 *
 * The login page must not grow either: its entry is held to the figure committed in
 * admin-first-load.budget.json (± its tolerance; tools/admin-first-load.int-spec.ts fails outside it). The
 * signed-in routes are held to their figures there too, and to the 300 KB target (ADRs 079, 083). The exit code
 * is 1 when /admin/login is over the 200 KB budget or over its figure, or a signed-in route over its figure or
 * the target.
 *
 * Usage: npm run build -w @aipm/admin && node tools/bench/admin-js.mjs [--baseline dir] [--json file]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const BUDGET_LOGIN_GZIP = 200 * 1024;
/** What no signed-in route may grow past (docs/product/back-office.md#on-a-phone). */
const TARGET_SIGNED_IN_GZIP = 300 * 1024;
/** @type {{ loginGzipBytes: number; toleranceBytes: number; signedInRoutesGzipBytes: Record<string, number> }} */
const committed = JSON.parse(fs.readFileSync(path.join(root, 'tools', 'bench', 'admin-first-load.budget.json'), 'utf8'));

/**
 * What each route opens beyond the entry: the source modules whose chunks React.lazy fetches there
 * (apps/admin/src/App.tsx, AdminApp.tsx and the sections' index.ts). A module that sits in the entry chunk
 * (as everything did before the split) adds nothing.
 */
const ROUTES = [
  { route: '/admin/login', lazy: [] },
  { route: '/admin/ (dashboard, signed in)', lazy: ['src/AdminApp.tsx', 'src/dashboard/Dashboard.tsx'] },
  { route: '/admin/registrations', lazy: ['src/AdminApp.tsx', 'src/registrations/RegistrationList.tsx'] },
  { route: '/admin/messages', lazy: ['src/AdminApp.tsx', 'src/messages/MessageList.tsx'] },
  // Every screen but the dashboard and the lead lists loads the later sections' wording too (ADR 079).
  { route: '/admin/crawler', lazy: ['src/AdminApp.tsx', 'src/crawler/screens.ts', 'src/laterSectionMessages.ts'] },
];

function option(name) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/**
 * @param {string} adminDir a folder laid out like apps/admin after `vite build`
 * @param {boolean} strict false for a baseline of another commit, whose sources may lack this split's modules
 */
function readBuild(adminDir, strict) {
  const dist = path.join(adminDir, 'dist');
  const manifestFile = path.join(adminDir, 'build', 'meta', 'modules.json');
  if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(manifestFile)) {
    throw new Error(`${adminDir} holds no admin build (dist/index.html, build/meta/modules.json): run \`npm run build -w @aipm/admin\``);
  }
  /** @type {{ chunks: Array<{ fileName: string; modules: Array<{ id: string }> }> }} */
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  // The entry and any modulepreload links: what the page fetches before running anything.
  const initial = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/admin\/([^"]+\.js)"/g)].map((match) => match[1]);
  if (initial.length === 0) throw new Error(`no script in ${path.join(dist, 'index.html')}`);

  /** @type {Map<string, { raw: number; gzip: number; imports: string[] }>} */
  const files = new Map();
  const file = (/** @type {string} */ name) => {
    let entry = files.get(name);
    if (!entry) {
      const code = fs.readFileSync(path.join(dist, name));
      const text = code.toString('utf8');
      const dir = path.posix.dirname(name);
      // Static imports only (`import … from "./x.js"`, `import "./x.js"`); `import("./x.js")` is lazy.
      const imports = [...text.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\.?\/[^"']+\.js)["']/g)].map((match) => path.posix.join(dir, match[1]));
      entry = { raw: code.length, gzip: zlib.gzipSync(code, { level: 9 }).length, imports };
      files.set(name, entry);
    }
    return entry;
  };
  /** Every file a set of chunks needs, following static imports. */
  const closure = (/** @type {string[]} */ start) => {
    const seen = new Set();
    const queue = [...start];
    while (queue.length > 0) {
      const name = /** @type {string} */ (queue.shift());
      if (seen.has(name)) continue;
      seen.add(name);
      queue.push(...file(name).imports);
    }
    return seen;
  };
  const chunkOf = (/** @type {string} */ source) =>
    manifest.chunks.find((chunk) => chunk.modules.some((module) => module.id.replace(/\\/g, '/').endsWith(`apps/admin/${source}`)))?.fileName;
  const total = (/** @type {Iterable<string>} */ names) => {
    let raw = 0;
    let gzip = 0;
    let count = 0;
    for (const name of names) {
      raw += file(name).raw;
      gzip += file(name).gzip;
      count += 1;
    }
    return { raw, gzip, count };
  };

  const entryFiles = closure(initial);
  const routes = ROUTES.map(({ route, lazy }) => {
    const lazyChunks = lazy.flatMap((source) => {
      const chunk = chunkOf(source);
      if (!chunk && strict) throw new Error(`${source} is in no chunk of ${manifestFile}: the route table above is out of date`);
      return chunk ? [chunk] : [];
    });
    return { route, ...total(closure([...entryFiles, ...lazyChunks])) };
  });
  const whole = total(manifest.chunks.map((chunk) => chunk.fileName));
  return { adminDir: path.relative(root, adminDir) || '.', routes, whole };
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** @param {ReturnType<typeof readBuild>} build */
function print(title, build) {
  console.log(`\n${title} (${build.adminDir})`);
  console.log(`  ${'route'.padEnd(34)} ${'files'.padStart(5)} ${'raw'.padStart(11)} ${'gzip'.padStart(11)}`);
  for (const { route, count, raw, gzip } of build.routes) {
    console.log(`  ${route.padEnd(34)} ${String(count).padStart(5)} ${kb(raw).padStart(11)} ${kb(gzip).padStart(11)}`);
  }
  const { count, raw, gzip } = build.whole;
  console.log(`  ${'whole build (baseline: one chunk)'.padEnd(34)} ${String(count).padStart(5)} ${kb(raw).padStart(11)} ${kb(gzip).padStart(11)}`);
}

const current = readBuild(path.join(root, 'apps', 'admin'), true);
print('Admin JavaScript per route, this build', current);
const baselineDir = option('--baseline');
const baseline = baselineDir ? readBuild(path.resolve(baselineDir), false) : undefined;
if (baseline) print('Baseline build', baseline);

const login = current.routes[0];
const share = login.gzip / current.whole.gzip;
const overFigure = login.gzip > committed.loginGzipBytes + committed.toleranceBytes;
const drift = login.gzip - committed.loginGzipBytes;
console.log(
  `\n/admin/login: ${kb(login.gzip)} gzip (${login.gzip} B) of ${kb(current.whole.gzip)} for the whole back office (${(share * 100).toFixed(0)} %); ` +
    `budget ${kb(BUDGET_LOGIN_GZIP)}: ${login.gzip <= BUDGET_LOGIN_GZIP ? 'met' : 'MISSED'}; ` +
    `committed figure ${committed.loginGzipBytes} B ± ${committed.toleranceBytes} B: ${drift >= 0 ? '+' : ''}${drift} B, ` +
    `${overFigure ? 'GREW' : Math.abs(drift) > committed.toleranceBytes ? 'shrank (lower the figure in tools/bench/admin-first-load.budget.json)' : 'held'}` +
    (baseline ? `; baseline /admin/login ${kb(baseline.routes[0].gzip)} (${baseline.routes[0].gzip} B)` : ''),
);

// The signed-in routes against their committed figures: growth fails, a drop asks for the figure to follow.
const grown = [];
for (const { route, gzip } of current.routes.slice(1)) {
  const figureBytes = committed.signedInRoutesGzipBytes?.[route];
  if (figureBytes === undefined) continue;
  const routeDrift = gzip - figureBytes;
  const verdict =
    routeDrift > committed.toleranceBytes ? 'GREW' : routeDrift < -committed.toleranceBytes ? 'shrank (lower its figure in tools/bench/admin-first-load.budget.json)' : 'held';
  if (routeDrift > committed.toleranceBytes || gzip > TARGET_SIGNED_IN_GZIP) grown.push(route);
  console.log(
    `${route}: ${kb(gzip)} gzip (${gzip} B); target ${kb(TARGET_SIGNED_IN_GZIP)}: ${gzip <= TARGET_SIGNED_IN_GZIP ? 'met' : 'MISSED'}; ` +
      `committed figure ${figureBytes} B ± ${committed.toleranceBytes} B: ${routeDrift >= 0 ? '+' : ''}${routeDrift} B, ${verdict}`,
  );
}

const jsonFile = option('--json');
if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify({ current, baseline, budgetLoginGzip: BUDGET_LOGIN_GZIP, committed }, null, 2));
if (login.gzip > BUDGET_LOGIN_GZIP || overFigure || grown.length > 0) process.exitCode = 1;
