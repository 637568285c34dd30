// @ts-check
/**
 * The landing's JavaScript, as a browser downloads it on `/`
 * (docs/product/public-site.md#assets-and-performance: ≤ 100 KB gzip, and WeChat sharing must not make it grow
 * for any other browser). Boots the built front door of a tree in this process on a loopback port
 * (apps/web/server/dist with apps/web/build; the API is a closed port, so the jobs section falls back to its
 * empty state, which loads the same scripts), server-renders `/` for a desktop browser and for WeChat's in-app
 * browser, and sums every /assets/*.js that the HTML loads (script src, modulepreload, the module script's
 * imports): raw bytes and gzip at level 6, what the front door's compression sends. For WeChat the share panel's
 * lazy chunk is added, which only that browser fetches.
 *
 * The figure that must not grow is held by tools/landing-first-load.int-spec.ts against landing-js.budget.json.
 * With `--baseline <dir>` (another commit laid out by baseline-tree.mjs and built the same way) both trees are
 * measured in the same run and the difference is printed; the baseline before WeChat sharing is f6b4b2a
 * (100,465 B gzip).
 *
 * Usage: npm run build -w @aipm/web -w @aipm/web-server && node tools/bench/landing-js.mjs [--baseline dir] [--json file]
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);

export const USER_AGENTS = {
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  // WeChat 8 on Android, as e2e/support/wechat.ts sends it.
  wechat:
    'Mozilla/5.0 (Linux; Android 13; Pixel 5 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
};
/** The WeChat-only share panel's source: its chunk is fetched lazily, inside WeChat only. */
const SHARE_PANEL_SOURCE = 'apps/web/app/components/wechat/WechatSharePanel.tsx';

function option(name) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** The scripts an HTML page makes the browser fetch: script src, modulepreload links, module imports. */
export function scriptsOf(html) {
  const files = new Set();
  for (const pattern of [/<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/g, /<link[^>]*\shref="(\/assets\/[^"]+\.js)"/g, /\bimport\s*(?:\(\s*)?"(\/assets\/[^"]+\.js)"/g, /\bfrom\s*"(\/assets\/[^"]+\.js)"/g]) {
    for (const match of html.matchAll(pattern)) files.add(match[1]);
  }
  return [...files].sort();
}

/**
 * @param {string} treeDir a checkout with apps/web/build and apps/web/server/dist
 * @returns {Promise<{ dir: string; desktop: Sizes; wechat: Sizes & { sharePanel: string[] } }>}
 *
 * @typedef {{ files: Array<{ file: string; raw: number; gzip: number }>; raw: number; gzip: number }} Sizes
 */
export async function measureLanding(treeDir) {
  const webDir = path.join(treeDir, 'apps', 'web');
  const clientDir = path.join(webDir, 'build', 'client');
  const serverBuild = path.join(webDir, 'build', 'server', 'index.js');
  const frontDoor = path.join(webDir, 'server', 'dist', 'front-door.js');
  for (const file of [serverBuild, frontDoor]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build -w @aipm/web -w @aipm/web-server\` in ${treeDir}`);
  }
  // The tree's own copies, resolved from its front door (a baseline tree links its own workspaces).
  const require = createRequire(frontDoor);
  const { createFrontDoor } = require(frontDoor);
  const { pino } = require('pino');
  const build = await import(pathToFileURL(serverBuild).href);
  const app = createFrontDoor({ apiUrl: 'http://127.0.0.1:1', adminDist: os.tmpdir(), build, clientDir, logger: pino({ level: 'silent' }) });
  const server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const size = (/** @type {string} */ file) => {
    const code = fs.readFileSync(path.join(clientDir, file));
    return { file, raw: code.length, gzip: zlib.gzipSync(code, { level: 6 }).length };
  };
  const total = (/** @type {string[]} */ files) => {
    const sized = files.map(size);
    return { files: sized, raw: sized.reduce((sum, f) => sum + f.raw, 0), gzip: sized.reduce((sum, f) => sum + f.gzip, 0) };
  };
  // The page logs the unreachable jobs API and share settings on console.error: expected here, not news.
  const consoleError = console.error;
  console.error = () => {};
  try {
    const page = async (/** @type {string} */ userAgent) => {
      const response = await fetch(`http://127.0.0.1:${server.address().port}/`, { headers: { 'user-agent': userAgent, 'accept-language': 'zh-CN' } });
      const html = await response.text();
      if (response.status !== 200) throw new Error(`/ answered ${response.status} in ${treeDir}`);
      return scriptsOf(html);
    };
    const desktop = total(await page(USER_AGENTS.desktop));
    const wechatPage = await page(USER_AGENTS.wechat);
    const sharePanel = lazyChunkOf(webDir, SHARE_PANEL_SOURCE).filter((file) => !wechatPage.includes(file));
    return { dir: path.relative(root, treeDir) || '.', desktop, wechat: { ...total([...wechatPage, ...sharePanel]), sharePanel } };
  } finally {
    console.error = consoleError;
    server.close();
  }
}

/** The chunk holding a source module, with its static imports, as /assets/… paths (none before WeChat sharing). */
function lazyChunkOf(webDir, source) {
  const manifestFile = path.join(webDir, 'build', 'meta', 'client-modules.json');
  if (!fs.existsSync(manifestFile)) return [];
  /** @type {{ chunks: Array<{ fileName: string; modules: Array<{ id: string }> }> }} */
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const chunk = manifest.chunks.find((candidate) => candidate.modules.some((module) => module.id.replace(/\\/g, '/').endsWith(source)));
  if (!chunk) return [];
  const files = new Set();
  const queue = [chunk.fileName];
  while (queue.length > 0) {
    const name = /** @type {string} */ (queue.shift());
    if (files.has(name)) continue;
    files.add(name);
    const code = fs.readFileSync(path.join(webDir, 'build', 'client', name), 'utf8');
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\.?\/[^"']+\.js)["']/g)) queue.push(path.posix.join(path.posix.dirname(name), match[1]));
  }
  return [...files].map((name) => `/${name}`);
}

function print(title, result) {
  const name = (/** @type {string} */ file) => file.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');
  console.log(`\n${title} (${result.dir})`);
  for (const { file, raw, gzip } of result.desktop.files) console.log(`  ${name(file).padEnd(28)} ${String(raw).padStart(8)} B ${String(gzip).padStart(7)} B gzip`);
  console.log(`  ${'other browsers: total'.padEnd(28)} ${String(result.desktop.raw).padStart(8)} B ${String(result.desktop.gzip).padStart(7)} B gzip (${result.desktop.files.length} files)`);
  const panel = result.wechat.sharePanel.map(name).join(', ') || 'none';
  console.log(`  ${'WeChat: total'.padEnd(28)} ${String(result.wechat.raw).padStart(8)} B ${String(result.wechat.gzip).padStart(7)} B gzip (lazy: ${panel})`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const current = await measureLanding(root);
  print('Landing JavaScript, this tree', current);
  const baselineDir = option('--baseline');
  const baseline = baselineDir ? await measureLanding(path.resolve(baselineDir)) : undefined;
  if (baseline) print('Baseline', baseline);
  const budget = JSON.parse(fs.readFileSync(path.join(root, 'tools', 'bench', 'landing-js.budget.json'), 'utf8'));
  const drift = current.desktop.gzip - budget.gzipBytes;
  console.log(
    `\n/ for other browsers: ${current.desktop.gzip} B gzip` +
      (baseline ? ` (baseline ${baseline.desktop.gzip} B: ${current.desktop.gzip - baseline.desktop.gzip >= 0 ? '+' : ''}${current.desktop.gzip - baseline.desktop.gzip} B)` : '') +
      `; committed figure ${budget.gzipBytes} B ± ${budget.toleranceBytes} B: ${drift >= 0 ? '+' : ''}${drift} B, ` +
      (drift > budget.toleranceBytes ? 'GREW' : drift < -budget.toleranceBytes ? 'shrank (lower the figure in tools/bench/landing-js.budget.json)' : 'held'),
  );
  const jsonFile = option('--json');
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify({ current, baseline, budget }, null, 2));
  if (drift > budget.toleranceBytes) process.exitCode = 1;
}
