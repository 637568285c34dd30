import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin } from 'vite';

import { bundleModulesManifest } from '../../tools/vite/bundle-modules-manifest';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const contractsSrc = path.resolve(webDir, '../../libs/contracts/src') + path.sep;

/**
 * The contracts library is universal and free of side effects, but its barrel also re-exports DTO
 * classes whose decorators look like side effects to Rollup: without this hint, importing one
 * formatter would ship class-validator to the browser.
 */
const contractsWithoutSideEffects: Plugin = {
  name: 'aipm:contracts-without-side-effects',
  transform(code, id) {
    return id.startsWith(contractsSrc) ? { code, map: null, moduleSideEffects: false } : null;
  },
};

/**
 * Vite wraps every dynamic import of the client in a preload helper (~0.55 KB gzip) that fetches the lazy chunk's
 * imports in parallel. The site's lazy chunks (the WeChat-only share panel, the root's 404 page) import nothing the
 * page has not loaded already, so the helper would be pure weight on `/` for every other browser
 * (docs/product/public-site.md#assets-and-performance). Vite leaves out its helper module where a module defines
 * its own `__vitePreload`: each client module with a dynamic import gets a pass-through one, so no helper module
 * (nor, once two routes import lazily, a chunk of its own) reaches the page. Anything else that still asks for
 * Vite's helper gets the same pass-through. A future lazy chunk with imports of its own loads them in a second
 * round trip instead of in parallel.
 */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';
const PASS_THROUGH_PRELOAD = 'const __vitePreload = (load) => load();';
const noPreloadHelper: Plugin = {
  name: 'aipm:no-preload-helper',
  enforce: 'pre',
  load(id) {
    return id === PRELOAD_HELPER_ID ? { code: `export ${PASS_THROUGH_PRELOAD}`, moduleSideEffects: false } : null;
  },
};
const passThroughPreload: Plugin = {
  name: 'aipm:pass-through-preload',
  apply: 'build',
  transform(code, id, options) {
    if (options?.ssr || id.includes('/node_modules/') || !/\bimport\(/.test(code)) return null;
    return { code: `${PASS_THROUGH_PRELOAD}${code}`, map: null };
  },
  // What Vite wrote around each such import (its marker is filled in later, and ignored): the bare import() is
  // what runs, without the wrapper's bytes. A call this misses still works through the pass-through.
  renderChunk(code) {
    const bare = code.replace(/__vitePreload(?:\$\d+)?\(\(\) => (import\((["'])[^"']+\2\)),\s*__VITE_IS_MODERN__\s*\?\s*__VITE_PRELOAD__\s*:\s*void 0\)/g, '$1');
    return bare === code ? null : { code: bare, map: null };
  },
};

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: {
    alias: [
      { find: /^~\//, replacement: `${path.join(webDir, 'app')}/` },
      // The contracts library is consumed as TypeScript source, never as a build.
      { find: /^@aipm\/contracts$/, replacement: path.resolve(webDir, '../../libs/contracts/src/index.ts') },
      // The validated DTOs: imported by `*.server.ts` modules only (eslint.config.mjs, tools/bundle-boundary.int-spec.ts).
      { find: /^@aipm\/contracts\/dto$/, replacement: path.resolve(webDir, '../../libs/contracts/src/dto.ts') },
    ],
  },
  esbuild: {
    // The contracts' DTO classes (checked by the lead forms' action on the server) use TypeScript's legacy
    // decorators, like the API; their folder has no tsconfig.json of its own that would say so to esbuild.
    tsconfigRaw: { compilerOptions: { experimentalDecorators: true } },
  },
  ssr: {
    // ESM-only: bundling it keeps build/server/index.js loadable by Jest's CommonJS runtime (apps/web/server/src/front-door.int-spec.ts).
    noExternal: ['remix-i18next'],
  },
  build: {
    // Source maps are not published; tools/bundle-boundary.int-spec.ts reads build/meta/*.json instead.
    sourcemap: false,
    // No dependency lists for the pass-through preload helper above (noPreloadHelper): nothing reads them.
    modulePreload: false,
  },
  plugins: [
    noPreloadHelper,
    passThroughPreload,
    contractsWithoutSideEffects,
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    bundleModulesManifest(
      (ssr) => path.join(webDir, 'build', 'meta', ssr ? 'server-modules.json' : 'client-modules.json'),
      (ssr) => (ssr ? 'server' : 'client'),
    ),
  ],
});
