import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { ADMIN_AUTH_PATHS } from '@aipm/contracts';

import budget from './bench/admin-first-load.budget.json';

/*
 * /admin/login (docs/product/back-office.md#sign-in-page) loads only the entry chunk, which must stay free of
 * react-admin and under 200 KB gzip; react-admin and the sections come in lazy chunks. The first load must
 * not grow either: its size is held to a committed figure (bench/admin-first-load.budget.json) within a small
 * tolerance. Reads the admin build (dist/index.html and the module list build/meta/modules.json). Run after
 * `npm run build -w @aipm/admin`.
 */

const adminDir = path.resolve(__dirname, '..', 'apps', 'admin');
const LOGIN_BUDGET_GZIP = 200 * 1024;
/**
 * Back-office code that once slipped into the login chunk (each cost several KB gzip): the whole error catalog
 * and the back office's wording (they load with react-admin, i18n/i18nProvider.ts), and MUI's Select, which
 * TextField imports (login/OutlinedField.tsx is TextField without it).
 */
const NOT_ON_LOGIN_SOURCES = [
  'apps/admin/src/i18n/error-messages.ts',
  'apps/admin/src/i18n/app-messages.ts',
  'apps/admin/src/sectionMessages.ts',
  'apps/admin/src/firstSectionMessages.ts',
  'apps/admin/src/laterSectionMessages.ts',
  'libs/contracts/src/errors/error-catalog.ts',
  'libs/contracts/src/students/student.errors.ts',
  'libs/contracts/src/leads/lead.errors.ts',
  'libs/contracts/src/crawl/crawl-admin.errors.ts',
  'libs/contracts/src/errors/wechat/wechat.errors.ts',
  'node_modules/@mui/material/Select/Select.js',
  'node_modules/@mui/material/Modal/Modal.js',
];
/** react-admin and what only it needs: none of it belongs on the login page. */
const ADMIN_ONLY_PACKAGES = ['react-admin', 'ra-core', 'ra-ui-materialui', 'ra-i18n-polyglot', 'ra-language-english', 'ra-data-simple-rest', 'react-hook-form', '@tanstack/query-core', 'lodash'];

interface ModulesManifest {
  chunks: Array<{ fileName: string; modules: Array<{ id: string; renderedLength: number }> }>;
}

function packageOf(moduleId: string): string | null {
  const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(moduleId.replace(/\\/g, '/'));
  return match ? match[1] : null;
}

/** The back office's source files (under apps/admin/src) whose text matches `pattern`, relative to src/. */
function sourcesMatching(pattern: RegExp): string[] {
  const src = path.join(adminDir, 'src');
  const files = fs.readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((name) => /\.tsx?$/.test(name));
  return files.filter((name) => pattern.test(fs.readFileSync(path.join(src, name), 'utf8')));
}

function loadBuild() {
  const manifestFile = path.join(adminDir, 'build', 'meta', 'modules.json');
  const indexHtml = path.join(adminDir, 'dist', 'index.html');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(indexHtml)) {
    throw new Error('The admin build is missing. Run `npm run build -w @aipm/admin` before this test.');
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ModulesManifest;
  const html = fs.readFileSync(indexHtml, 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="\/admin\/([^"]+\.js)"/g)].map((match) => match[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*\shref="\/admin\/([^"]+\.js)"/g)].map((match) => match[1]);
  return { manifest, scripts, preloads };
}

describe('admin first load (/admin/login)', () => {
  const { manifest, scripts, preloads } = loadBuild();
  const entry = manifest.chunks.find((chunk) => chunk.fileName === scripts[0]);
  const entryPackages = new Set(entry?.modules.filter((m) => m.renderedLength > 0).map((m) => packageOf(m.id)));
  const moduleIds = manifest.chunks.flatMap((chunk) => chunk.modules.map((m) => m.id.replace(/\\/g, '/')));
  const chunkWith = (source: string) => manifest.chunks.find((chunk) => chunk.modules.some((m) => m.id.replace(/\\/g, '/').endsWith(`apps/admin/src/${source}`)));

  it('loads one entry script and preloads nothing else', () => {
    expect(scripts).toHaveLength(1);
    expect(entry).toBeDefined();
    expect(preloads).toEqual([]);
  });

  it("gives signed-in screens a page that also preloads react-admin's chunk, and the sign-in page none", () => {
    const signedIn = fs.readFileSync(path.join(adminDir, 'dist', 'signed-in.html'), 'utf8');
    const signedInScripts = [...signedIn.matchAll(/<script[^>]*\ssrc="\/admin\/([^"]+\.js)"/g)].map((match) => match[1]);
    const signedInPreloads = [...signedIn.matchAll(/<link[^>]*rel="modulepreload"[^>]*\shref="\/admin\/([^"]+\.js)"/g)].map((match) => match[1]);
    expect(signedInScripts).toEqual(scripts);
    // react-admin's chunk first, then what it imports besides the entry (none today).
    expect(signedInPreloads[0]).toBe(chunkWith('AdminApp.tsx')?.fileName);
    // The early session call (auth/earlySession.ts) takes the preloaded answer: the same path, a same-origin fetch.
    const fetched = [...signedIn.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous">/g)].map((match) => match[1]);
    expect(fetched).toEqual([ADMIN_AUTH_PATHS.session]);
    expect(fs.readFileSync(path.join(adminDir, 'src', 'auth', 'adminApi.ts'), 'utf8')).toMatch(/credentials: 'same-origin'/);
    expect(preloads).toEqual([]);
  });

  it('holds the login page, React and MUI (positive control) and no react-admin', () => {
    expect(chunkWith('login/LoginPage.tsx')?.fileName).toBe(entry?.fileName);
    expect(entryPackages).toContain('react-dom');
    expect(entryPackages).toContain('@mui/material');
    expect(ADMIN_ONLY_PACKAGES.filter((pkg) => entryPackages.has(pkg))).toEqual([]);
  });

  it('puts react-admin and every section in chunks of their own', () => {
    const adminChunk = chunkWith('AdminApp.tsx');
    expect(adminChunk).toBeDefined();
    expect(adminChunk?.modules.some((m) => packageOf(m.id) === 'ra-core')).toBe(true);
    const sections = ['dashboard/Dashboard.tsx', 'registrations/RegistrationList.tsx', 'messages/MessageList.tsx', 'sections/SectionPlaceholder.tsx', 'published-jobs/PublishedJobsSection.tsx', 'crawler-config/CrawlerConfigSection.tsx'].map(
      (source) => chunkWith(source)?.fileName,
    );
    expect(new Set([entry?.fileName, adminChunk?.fileName, ...sections]).size).toBe(2 + sections.length);
  });

  it('carries only the error codes and wording the login page uses, and no MUI Select', () => {
    const onLogin = (entry?.modules ?? []).filter((m) => m.renderedLength > 0).map((m) => m.id.replace(/\\/g, '/'));
    // Positive control: the login wording and its codes are there, under the names this list expects.
    expect(onLogin.some((id) => id.endsWith('apps/admin/src/i18n/login-error-messages.ts'))).toBe(true);
    expect(onLogin.some((id) => id.endsWith('libs/contracts/src/auth/auth.errors.ts'))).toBe(true);
    expect(NOT_ON_LOGIN_SOURCES.filter((source) => onLogin.some((id) => id.endsWith(source.replace(/\.js$/, '.mjs')) || id.endsWith(source)))).toEqual([]);
  });

  it('leaves out what react-admin would never run inside the back office: the hash router and the title editor', () => {
    // Positive control: the adapter that stands in for ra-core's is in the build (apps/admin/vite.config.ts).
    expect(moduleIds.some((id) => id.endsWith('apps/admin/src/vendor/react-router-provider-in-router.ts'))).toBe(true);
    expect(moduleIds.filter((id) => /ra-core\/dist\/routing\/adapters\/reactRouterProvider\.js$|ra-ui-materialui\/dist\/layout\/PageTitleConfigurable\.js$/.test(id))).toEqual([]);
    // react-router is one module, so its data router is looked for as text, a marker the installed package holds.
    const marker = 'You must provide a non-empty routes array to createRouter';
    const reactRouterDir = path.dirname(require.resolve('react-router/package.json'));
    const reactRouterBuild = fs.readdirSync(path.join(reactRouterDir, 'dist', 'production')).filter((name) => name.endsWith('.mjs'));
    expect(reactRouterBuild.some((name) => fs.readFileSync(path.join(reactRouterDir, 'dist', 'production', name), 'utf8').includes(marker))).toBe(true);
    const withMarker = manifest.chunks.filter((chunk) => fs.readFileSync(path.join(adminDir, 'dist', chunk.fileName), 'utf8').includes(marker));
    expect(withMarker.map((chunk) => chunk.fileName)).toEqual([]);
  });

  it("leaves out react-admin's columns chooser, which shows only in a ColumnsButton no list has", () => {
    // Positive control: the table whose chooser this is, under the name looked for.
    expect(moduleIds.some((id) => id.endsWith('ra-ui-materialui/dist/list/datatable/DataTable.js'))).toBe(true);
    expect(moduleIds.filter((id) => /ra-ui-materialui\/dist\/list\/datatable\/ColumnsSelector(Item)?\.js$|\/diacritic\//.test(id))).toEqual([]);
    // The stand-ins (apps/admin/vite.config.ts) would leave a ColumnsButton's menu empty.
    expect(sourcesMatching(/\bColumnsButton\b/)).toEqual([]);
  });

  it("leaves out react-admin's preferences inspector, user menu and theme toggle, which the header never shows", () => {
    // Positive control: the layout and the app bar they belong to, under the names looked for.
    expect(moduleIds.some((id) => id.endsWith('ra-ui-materialui/dist/layout/Layout.js'))).toBe(true);
    expect(moduleIds.some((id) => id.endsWith('ra-ui-materialui/dist/layout/AppBar.js'))).toBe(true);
    expect(moduleIds.filter((id) => /ra-ui-materialui\/dist\/(preferences\/Inspector|layout\/UserMenu|button\/ToggleThemeButton)\.js$/.test(id))).toEqual([]);
    // The stand-ins (apps/admin/vite.config.ts) hold only while the one app bar passes its own toolbar and no user menu.
    const appBar = fs.readFileSync(path.join(adminDir, 'src', 'layout', 'AdminAppBar.tsx'), 'utf8');
    expect(appBar).toMatch(/<AppBar\s[^>]*userMenu=\{false\}/);
    expect(appBar).toMatch(/<AppBar\s[^>]*toolbar=\{/);
    expect(sourcesMatching(/\b(UserMenu|ToggleThemeButton|InspectorButton)\b|<AppBar\b/)).toEqual(['layout/AdminAppBar.tsx']);
  });

  it("leaves out react-admin's bulk-actions toolbar and bulk delete, which no table of the back office shows", () => {
    // Positive control: the table that names them, under the name looked for.
    expect(moduleIds.some((id) => id.endsWith('ra-ui-materialui/dist/list/datatable/DataTable.js'))).toBe(true);
    expect(moduleIds.filter((id) => /ra-ui-materialui\/dist\/(list\/BulkActionsToolbar|button\/BulkDelete\w*)\.js$|ra-core\/dist\/dataProvider\/useDeleteMany\.js$/.test(id))).toEqual([]);
    // The stand-ins (apps/admin/vite.config.ts) hold only while every table turns its bulk actions off.
    const tables = sourcesMatching(/<DataTable\b/).filter((name) => !name.endsWith('.spec.tsx'));
    expect(tables.length).toBeGreaterThan(5);
    const withBulkActions = tables.filter((name) => {
      const source = fs.readFileSync(path.join(adminDir, 'src', name), 'utf8');
      // As many tables as tables that turn them off: each of this back office's says so once, beside its other props.
      return (source.match(/<DataTable\b/g) ?? []).length !== (source.match(/\bbulkActionButtons=\{false\}/g) ?? []).length;
    });
    expect(withBulkActions).toEqual([]);
  });

  it("fetches a tooltip's box (MUI's Popper, Popper.js) when a tooltip first opens, not with react-admin", () => {
    // Positive control: the stand-in Tooltip imports instead (apps/admin/vite.config.ts), under the name looked for.
    expect(moduleIds.some((id) => id.endsWith('apps/admin/src/vendor/popper-on-demand.tsx'))).toBe(true);
    const signedInFirstLoad = [entry, chunkWith('AdminApp.tsx')].flatMap((chunk) => chunk?.modules ?? []).map((m) => m.id.replace(/\\/g, '/'));
    expect(signedInFirstLoad.some((id) => id.endsWith('@mui/material/Tooltip/Tooltip.mjs'))).toBe(true);
    expect(signedInFirstLoad.filter((id) => /\/@popperjs\/core\/|\/@mui\/material\/Popper\//.test(id))).toEqual([]);
  });

  it("carries the back office's own English (react-admin's, the app's, the error codes') in a chunk fetched only for English", () => {
    const english = chunkWith('i18n/english.ts');
    // Positive control: the chunk holds the catalogue's parts, under the names looked for.
    expect(english?.modules.map((m) => m.id.replace(/\\/g, '/')).filter((id) => /ra-language-english\/|apps\/admin\/src\/i18n\/en-(app|error)-messages\.ts$/.test(id))).toHaveLength(3);
    expect([entry?.fileName, chunkWith('AdminApp.tsx')?.fileName]).not.toContain(english?.fileName);
  });

  it('preloads for a lazy import only the chunks its importer has not loaded (tools/vite/preload-what-is-missing.ts)', () => {
    const assets = path.join(adminDir, 'dist', 'assets');
    const code = (file: string) => fs.readFileSync(path.join(assets, file), 'utf8');
    // A minified chunk's static imports: `import{…}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
    const staticImports = (file: string) => [...code(file).matchAll(/import(?:[\w$\s{},*]+from)?"\.\/([^"]+\.js)"/g)].map((match) => match[1]!);
    const loadedWith = (file: string, seen = new Set<string>()): Set<string> => {
      if (!seen.has(file)) {
        seen.add(file);
        for (const imported of staticImports(file)) loadedWith(imported, seen);
      }
      return seen;
    };
    // The files a chunk's lazy imports may preload: Vite's `__vite__mapDeps` list.
    const preloadable = (file: string) => JSON.parse(/m\.f=(\[[^\]]*\])/.exec(code(file))?.[1] ?? '[]') as string[];
    const lazyImporters = fs.readdirSync(assets).filter((file) => file.endsWith('.js') && preloadable(file).length > 0);
    // Positive control: a lead list's chunk imports react-admin's statically and its toolbar lazily.
    const leadCells = lazyImporters.find((file) => file.startsWith('LeadCells-'));
    expect(leadCells && loadedWith(leadCells).has(chunkWith('AdminApp.tsx')!.fileName.replace('assets/', ''))).toBe(true);
    const preloadedAgain = lazyImporters.flatMap((file) => preloadable(file).filter((dep) => loadedWith(file).has(dep.replace('assets/', ''))).map((dep) => `${file} → ${dep}`));
    expect(preloadedAgain).toEqual([]);
  });

  it(`stays within ${LOGIN_BUDGET_GZIP / 1024} KB gzip and within ${budget.toleranceBytes} B of the committed figure (${budget.loginGzipBytes} B)`, () => {
    const code = fs.readFileSync(path.join(adminDir, 'dist', scripts[0]));
    // The entry imports no other chunk statically: it is the whole first load.
    expect(code.toString('utf8')).not.toMatch(/(?:\bfrom|\bimport)\s*["']\.\.?\/[^"']+\.js["']/);
    const gzip = zlib.gzipSync(code, { level: 9 }).length;
    expect(gzip).toBeLessThanOrEqual(LOGIN_BUDGET_GZIP);
    const figure = `/admin/login's entry is ${gzip} B gzip; tools/bench/admin-first-load.budget.json says ${budget.loginGzipBytes} B ± ${budget.toleranceBytes} B.`;
    if (gzip > budget.loginGzipBytes + budget.toleranceBytes) {
      throw new Error(
        `${figure} The first load of the back office grew: see what entered it with \`${budget.measure}\` and the entry chunk's modules in apps/admin/build/meta/modules.json, ` +
          'and load it with react-admin (AdminApp.tsx, i18n/i18nProvider.ts, firstSectionMessages.ts) instead. Raise the figure only for growth that was agreed, with both measurements in the commit message.',
      );
    }
    if (gzip < budget.loginGzipBytes - budget.toleranceBytes) {
      throw new Error(`${figure} It shrank: set loginGzipBytes to ${gzip}, so that the guard stays tight.`);
    }
  });
});
