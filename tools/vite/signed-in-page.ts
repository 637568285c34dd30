import fs from 'node:fs';
import path from 'node:path';

import type { OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** The page apps/web/server sends a signed-in visitor of the back office (any screen but the sign-in page). */
export const SIGNED_IN_PAGE = 'signed-in.html';

/**
 * Writes SIGNED_IN_PAGE beside index.html: the same page, with a `<link rel="modulepreload">` of the chunk that
 * `entrySource` starts (react-admin's, for the back office) and of that chunk's own imports, and a
 * `<link rel="preload" as="fetch">` of each of `fetches` (same-origin GET calls the entry makes at once, which then
 * take the preloaded answer). A signed-in screen needs all of them at once, yet the page alone would ask for them
 * only once the entry script had arrived and run: downloads in a row on a phone's connection, where the links put
 * them beside the entry's (ADR 083). The sign-in page keeps index.html, whose first load must not grow.
 */
export function signedInPage(entrySource: string, { fetches = [] }: { fetches?: readonly string[] } = {}): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'aipm:signed-in-page',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle(outputOptions, bundle) {
      const dir = outputOptions.dir ?? outDir;
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const started = chunks.find((chunk) => chunk.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(entrySource)));
      if (!started) throw new Error(`aipm:signed-in-page: no chunk starts at ${entrySource}`);
      const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
      // The entry is already a script of the page; what the chunk imports beside it comes with it.
      const files = [started.fileName, ...started.imports].filter((fileName) => !html.includes(`${base}${fileName}`));
      const links = [
        ...files.map((fileName) => `<link rel="modulepreload" crossorigin href="${base}${fileName}">`),
        // crossorigin="anonymous": the credentials of a same-origin fetch() (the cookie goes), so that fetch() matches it.
        ...fetches.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous">`),
      ].join('\n    ');
      if (!html.includes('</head>')) throw new Error('aipm:signed-in-page: index.html has no </head>');
      fs.writeFileSync(path.join(dir, SIGNED_IN_PAGE), html.replace('</head>', `  ${links}\n  </head>`));
    },
  };
}
