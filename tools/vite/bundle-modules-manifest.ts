import fs from 'node:fs';
import path from 'node:path';

import type { Plugin } from 'vite';

/** One bundle's contents, read by tools/bundle-boundary.int-spec.ts. */
export interface BundleModulesManifest {
  /** 'client' or 'server' (Remix), 'spa' (admin) */
  target: string;
  /** Output folder of the bundle, relative to the manifest file. */
  outDir: string;
  chunks: Array<{
    fileName: string;
    /** Every module Rollup placed in the chunk: absolute path (virtual ids without their \0) and rendered size. */
    modules: Array<{ id: string; renderedLength: number }>;
  }>;
  assets: string[];
}

/**
 * Writes the list of modules that went into each emitted chunk, outside the published folder, so a test can
 * prove which packages a browser bundle contains without publishing source maps.
 *
 * Kept identical in apps/web/vite and apps/admin/vite (a shared tools/ module would sit outside the apps'
 * own folders); change both together.
 */
export function bundleModulesManifest(manifestFile: (ssr: boolean) => string, target: (ssr: boolean) => string): Plugin {
  let ssr = false;
  let outDir = '';
  return {
    name: 'aipm:bundle-modules-manifest',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(outputOptions, bundle) {
      const file = manifestFile(ssr);
      const dir = outputOptions.dir ?? outDir;
      const manifest: BundleModulesManifest = { target: target(ssr), outDir: path.relative(path.dirname(file), dir), chunks: [], assets: [] };
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') {
          manifest.chunks.push({
            fileName: item.fileName,
            modules: Object.entries(item.modules).map(([id, info]) => ({ id: id.replace(/^\0/, ''), renderedLength: info.renderedLength })),
          });
        } else {
          manifest.assets.push(item.fileName);
        }
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(manifest, null, 1));
    },
  };
}
