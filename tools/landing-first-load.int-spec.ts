import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import budget from './bench/landing-js.budget.json';

/*
 * WeChat sharing must not make the landing's JavaScript grow for any other browser
 * (docs/product/public-site.md#assets-and-performance). Runs tools/bench/landing-js.mjs (the built front door
 * server-renders `/` for a desktop browser and for WeChat's) and holds its figure to
 * bench/landing-js.budget.json within a tolerance smaller than the 151 B the share panel once added. Run
 * after `npm run build -w @aipm/web -w @aipm/web-server`.
 */

const root = path.resolve(__dirname, '..');
const webDir = path.join(root, 'apps', 'web');

interface Sizes {
  files: Array<{ file: string; raw: number; gzip: number }>;
  raw: number;
  gzip: number;
}
interface LandingMeasure {
  desktop: Sizes;
  wechat: Sizes & { sharePanel: string[] };
}
interface ModulesManifest {
  chunks: Array<{ fileName: string; modules: Array<{ id: string; renderedLength: number }> }>;
}

/** Client code that only WeChat's browser, or only an error page, runs. */
const NOT_FOR_OTHER_BROWSERS = ['apps/web/app/components/wechat/', 'apps/web/app/wechat/', 'apps/web/app/components/NotFound.tsx', 'vite/preload-helper'];

function measure(): LandingMeasure {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aipm-landing-js-')), 'landing.json');
  const run = spawnSync(process.execPath, [path.join(root, 'tools', 'bench', 'landing-js.mjs'), '--json', out], { cwd: root, encoding: 'utf8' });
  if (!fs.existsSync(out)) throw new Error(`tools/bench/landing-js.mjs failed (exit ${run.status}): ${run.stderr || run.stdout}`);
  return (JSON.parse(fs.readFileSync(out, 'utf8')) as { current: LandingMeasure }).current;
}

describe('landing first load (/)', () => {
  let landing: LandingMeasure;
  let modulesOf: (files: Array<{ file: string }>) => string[];

  beforeAll(() => {
    landing = measure();
    const manifest = JSON.parse(fs.readFileSync(path.join(webDir, 'build', 'meta', 'client-modules.json'), 'utf8')) as ModulesManifest;
    modulesOf = (files) =>
      files.flatMap(({ file }) => manifest.chunks.find((chunk) => `/${chunk.fileName}` === file)?.modules.filter((m) => m.renderedLength > 0).map((m) => m.id.replace(/\\/g, '/')) ?? []);
  }, 60_000);

  it('gives other browsers no WeChat code, no 404 page and no preload helper', () => {
    const modules = modulesOf(landing.desktop.files);
    // Positive controls: the landing's own modules are found under the names the list below expects.
    expect(modules.some((id) => id.endsWith('apps/web/app/routes/_index.tsx'))).toBe(true);
    expect(modules.some((id) => id.endsWith('apps/web/app/components/landing/SiteFooter.tsx'))).toBe(true);
    expect(NOT_FOR_OTHER_BROWSERS.filter((source) => modules.some((id) => id.includes(source)))).toEqual([]);
  });

  it("gives WeChat's browser the same page plus the share panel's chunk", () => {
    expect(landing.wechat.sharePanel.length).toBeGreaterThan(0);
    expect(landing.wechat.files.map((f) => f.file).sort()).toEqual([...landing.desktop.files.map((f) => f.file), ...landing.wechat.sharePanel].sort());
    expect(modulesOf(landing.wechat.files).some((id) => id.endsWith('apps/web/app/components/wechat/WechatSharePanel.tsx'))).toBe(true);
  });

  it(`stays within ${budget.toleranceBytes} B of the committed figure (${budget.gzipBytes} B gzip) for other browsers`, () => {
    const { gzip } = landing.desktop;
    const figure = `/ loads ${gzip} B gzip of JavaScript in a browser other than WeChat's; tools/bench/landing-js.budget.json says ${budget.gzipBytes} B ± ${budget.toleranceBytes} B.`;
    if (gzip > budget.gzipBytes + budget.toleranceBytes) {
      throw new Error(
        `${figure} The landing grew: compare the files with \`${budget.measure} --baseline <dir>\` (a tree of the previous commit from tools/bench/baseline-tree.mjs) ` +
          'and load what was added only where it is used (a lazy chunk, a server-only module). Raise the figure only for growth that was agreed, with both measurements in the commit message.',
      );
    }
    if (gzip < budget.gzipBytes - budget.toleranceBytes) {
      throw new Error(`${figure} It shrank: set gzipBytes to ${gzip}, so that the guard stays tight.`);
    }
  });
});
