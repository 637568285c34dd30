import path from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { bundleModulesManifest } from '../../tools/vite/bundle-modules-manifest';

const adminDir = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  // Served by apps/web under /admin (index.html for every deep link).
  base: '/admin/',
  resolve: {
    alias: [
      // The contracts library is consumed as TypeScript source, never as a build.
      { find: /^@aipm\/contracts$/, replacement: path.resolve(adminDir, '../../libs/contracts/src/index.ts') },
      // react-admin's CSV converter, which no list uses, fetched on its first call instead of with every list (ADR 040).
      { find: /^jsonexport\/dist\/index\.js$/, replacement: path.resolve(adminDir, 'src/vendor/jsonexport-on-demand.ts') },
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
    modulePreload: { polyfill: false },
  },
  server: {
    host: '127.0.0.1',
    // `vite` dev server alone: forward API calls like the front door does.
    proxy: { '/api': { target: process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`, xfwd: true } },
  },
  plugins: [
    react(),
    bundleModulesManifest(
      () => path.join(adminDir, 'build', 'meta', 'modules.json'),
      () => 'spa',
    ),
  ],
});
