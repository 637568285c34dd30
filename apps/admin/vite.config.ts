import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { bundleModulesManifest } from '../../tools/vite/bundle-modules-manifest';
import { preloadWhatIsMissing } from '../../tools/vite/preload-what-is-missing';
import { signedInPage } from '../../tools/vite/signed-in-page';

const adminDir = path.dirname(fileURLToPath(import.meta.url));
const objectEntriesNative = path.resolve(adminDir, 'src/vendor/object-entries-native.ts');
const routerProviderInRouter = path.resolve(adminDir, 'src/vendor/react-router-provider-in-router.ts');
const popperOnDemand = path.resolve(adminDir, 'src/vendor/popper-on-demand.tsx');
const raUiDistDir = path.dirname(createRequire(import.meta.url).resolve('ra-ui-materialui'));
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/**
 * One import of react-admin's, from one of its files only, answered by a stand-in: `replacement` is a file of the
 * back office or the code of a module of its own. Everything else resolves as usual.
 */
function standInFor(name: string, source: string, importer: RegExp, replacement: { file: string } | { code: string }): Plugin {
  const virtual = `\0aipm:${name}`;
  return {
    name: `aipm:${name}`,
    enforce: 'pre',
    resolveId(requested, from) {
      if (requested !== source || !from || !importer.test(from.replace(/\\/g, '/'))) return null;
      return 'file' in replacement ? replacement.file : virtual;
    },
    load(id) {
      return id === virtual && 'code' in replacement ? replacement.code : null;
    },
  };
}

/** A stand-in for one of react-admin's components (`exported` of `source`, for `importer`) that renders nothing. */
const rendersNothing = (name: string, source: string, importer: RegExp, exported: string) =>
  standInFor(name, source, importer, { code: `export const ${exported} = () => null;\n` });

/**
 * react-admin's <Admin> names its own login page as the default of `loginPage` (ra-ui-materialui's AdminUI.js), so
 * its chunk carried that page's form: react-hook-form, ra-core's form and inputs, MUI's TextField and Select. The
 * back office passes `loginPage={false}` (its login page is its own, outside react-admin), so that default never
 * renders: AdminUI.js gets a stand-in for it, and the forms load with the screens that have them (ADR 079).
 */
const withoutReactAdminLoginPage = () =>
  standInFor('ra-auth-without-login-page', './auth/index.js', /\/ra-ui-materialui\/dist\/AdminUI\.js$/, {
    // What AdminUI.js imports from ./auth/index.js: the callback page as it is, the login page as nothing.
    code: `export { AuthCallback } from ${JSON.stringify(path.join(raUiDistDir, 'auth', 'AuthCallback.js'))};\nexport const Login = () => null;\n`,
  });

/**
 * ra-core's react-router adapter creates a hash router when <Admin> renders outside any router. The back office's
 * <Admin> always renders inside the outer BrowserRouter (App.tsx), so that never happens, but `createHashRouter`
 * kept react-router's whole data router in the entry that every page loads, the login page included. ra-core's
 * routing modules get src/vendor/react-router-provider-in-router.ts instead: the same adapter without that
 * router (ADR 081).
 */
const withoutReactAdminHashRouter = () =>
  standInFor('ra-without-hash-router', './adapters/reactRouterProvider.js', /\/ra-core\/dist\/routing\/[^/]+\.js$/, { file: routerProviderInRouter });

/**
 * react-admin's <Title> renders its title through PageTitleConfigurable, which adds an editor for the title (an
 * MUI TextField, with Select and its menus) shown only in react-admin's preferences inspector. The back office
 * offers no way to open that inspector (its app bar has no inspector button), so every title is the plain
 * PageTitle: the editor's ~8 KB gzip left react-admin's chunk (ADR 081).
 */
const withoutReactAdminTitleEditor = () =>
  standInFor('ra-page-title-without-editor', './PageTitleConfigurable.js', /\/ra-ui-materialui\/dist\/layout\/Title\.js$/, {
    // Title.js hands the preference key on; PageTitle would pass it to the DOM.
    code: [
      `import { createElement } from 'react';`,
      `import { PageTitle } from ${JSON.stringify(path.join(raUiDistDir, 'layout', 'PageTitle.js'))};`,
      `export const PageTitleConfigurable = ({ preferenceKey, ...props }) => createElement(PageTitle, props);`,
      '',
    ].join('\n'),
  });

/**
 * react-admin's DataTable renders ColumnsSelector, which puts a chooser of the table's columns into a ColumnsButton's
 * menu (looking for that button in the page every 100 ms for half a second after each list mounts), and each column
 * renders its ColumnsSelectorItem there. No list of the back office has a ColumnsButton
 * (tools/admin-first-load.int-spec.ts holds that), so the chooser never shows, yet its search field (ra-core's input
 * and form code) and diacritic's folding table came with every list. DataTable.js and DataTableColumn.js get
 * stand-ins that render nothing (ADR 082).
 */
const withoutReactAdminColumnsChooser = () => [
  rendersNothing('ra-datatable-without-columns-selector', './ColumnsSelector.js', /\/ra-ui-materialui\/dist\/list\/datatable\/DataTable\.js$/, 'ColumnsSelector'),
  rendersNothing('ra-datatable-column-without-selector-item', './ColumnsSelectorItem.js', /\/ra-ui-materialui\/dist\/list\/datatable\/DataTableColumn\.js$/, 'ColumnsSelectorItem'),
];

/**
 * Parts of react-admin's layout that the back office never shows, yet react-admin's chunk carried: the preferences
 * inspector the layout mounts (nothing here opens it: no InspectorButton), and the app bar's default user menu (with
 * MUI's Avatar) and theme toggle, which its defaults name at module scope though the header passes `userMenu={false}`
 * and a toolbar of its own (layout/AdminAppBar.tsx). Each gets a stand-in that renders nothing;
 * tools/admin-first-load.int-spec.ts holds the header to those props (ADR 082).
 */
const withoutReactAdminUnusedChrome = () => [
  rendersNothing('ra-layout-without-inspector', '../preferences/index.js', /\/ra-ui-materialui\/dist\/layout\/Layout\.js$/, 'Inspector'),
  rendersNothing('ra-app-bar-without-user-menu', './UserMenu.js', /\/ra-ui-materialui\/dist\/layout\/AppBar\.js$/, 'UserMenu'),
  rendersNothing('ra-app-bar-without-theme-toggle', '../button/ToggleThemeButton.js', /\/ra-ui-materialui\/dist\/layout\/AppBar\.js$/, 'ToggleThemeButton'),
];

/**
 * MUI's Tooltip imports Popper (and Popper.js) for the box it shows when a pointer rests on a button or a keyboard
 * focuses it; the header and react-admin's layout have such buttons, so react-admin's chunk carried it. Tooltip gets
 * src/vendor/popper-on-demand.tsx instead, which fetches the real Popper when a tooltip first opens (ADR 083).
 */
const withTooltipPopperOnDemand = () =>
  standInFor('mui-tooltip-popper-on-demand', '../Popper/index.mjs', /\/@mui\/material\/Tooltip\/Tooltip\.mjs$/, { file: popperOnDemand });

/**
 * react-admin's DataTable names its bulk-actions toolbar and, as the default bulk action, its delete button (with
 * ra-core's delete-many mutation, its undo and its confirmation dialog) at module scope. Every DataTable of the back
 * office passes `bulkActionButtons={false}` (tools/admin-first-load.int-spec.ts holds that), so neither ever renders,
 * yet both came with every list. DataTable.js gets stand-ins that render nothing (ADR 083).
 */
const withoutReactAdminBulkActions = () => [
  rendersNothing('ra-datatable-without-bulk-toolbar', '../BulkActionsToolbar.js', /\/ra-ui-materialui\/dist\/list\/datatable\/DataTable\.js$/, 'BulkActionsToolbar'),
  rendersNothing('ra-datatable-without-bulk-delete', '../../button/index.js', /\/ra-ui-materialui\/dist\/list\/datatable\/DataTable\.js$/, 'BulkDeleteButton'),
];

/** The build's lazy imports and the plugin that shows them the bundle (tools/vite/preload-what-is-missing.ts). */
const lazyImportPreloads = preloadWhatIsMissing();

export default defineConfig(({ command }) => ({
  // Served by apps/web under /admin (index.html for every deep link).
  base: '/admin/',
  resolve: {
    alias: [
      // The contracts library is consumed as TypeScript source, never as a build.
      { find: /^@aipm\/contracts$/, replacement: path.resolve(adminDir, '../../libs/contracts/src/index.ts') },
      // react-admin's CSV converter, which no list uses, fetched on its first call instead of with every list (ADR 040).
      { find: /^jsonexport\/dist\/index\.js$/, replacement: path.resolve(adminDir, 'src/vendor/jsonexport-on-demand.ts') },
      // node-polyglot's shim of Object.entries, which every supported browser has (ADR 079).
      { find: /^object\.entries$/, replacement: objectEntriesNative },
      // react-router's package.json names only its development build, which keeps its dev warnings; the production
      // build beside it is the same router without them (ADR 079). Both names, so that react-router-dom,
      // react-admin and the app share one copy.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterDir, 'dist/production/dom-export.mjs') },
          ]
        : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Not published; tools/bundle-boundary.int-spec.ts reads build/meta/modules.json instead.
    sourcemap: false,
    // Split by route (ADR 040): the login entry (React, react-router, MUI's form pieces) is ~500 kB raw and
    // react-admin's chunk ~350 kB; warn when one of them grows well past that.
    chunkSizeWarningLimit: 600,
    // Every browser the back office supports preloads modules itself (Chrome 66, Safari 17, Firefox 115): the
    // polyfill's bytes in the login entry pay for the head start of ADR 040 instead.
    // A lazy import preloads only the chunks its importer has not loaded already (ADR 084).
    modulePreload: { polyfill: false, resolveDependencies: lazyImportPreloads.resolveDependencies },
    // node-polyglot calls what it requires of `object.entries`: the default export of the native replacement above.
    commonjsOptions: { requireReturnsDefault: (id: string) => (id === objectEntriesNative ? 'auto' : false) },
  },
  server: {
    host: '127.0.0.1',
    // `vite` dev server alone: forward API calls like the front door does.
    proxy: { '/api': { target: process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`, xfwd: true } },
  },
  plugins: [
    withoutReactAdminLoginPage(),
    withoutReactAdminHashRouter(),
    withoutReactAdminTitleEditor(),
    ...withoutReactAdminColumnsChooser(),
    ...withoutReactAdminUnusedChrome(),
    ...withoutReactAdminBulkActions(),
    withTooltipPopperOnDemand(),
    lazyImportPreloads.plugin,
    react(),
    // The page for a signed-in screen: react-admin's chunk and the early session call (auth/earlySession.ts, the
    // contracts' ADMIN_AUTH_PATHS.session; tools/admin-first-load.int-spec.ts holds the two alike) fetched beside the
    // entry (ADR 083).
    signedInPage('/src/AdminApp.tsx', { fetches: ['/api/admin/session'] }),
    bundleModulesManifest(
      () => path.join(adminDir, 'build', 'meta', 'modules.json'),
      () => 'spa',
    ),
  ],
}));
