import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

import { AFTER_PAINT_ATTRIBUTE, INERT_SCRIPT_TYPE } from './after-paint';

/*
 * Remix's <Scripts /> writes `<link rel="modulepreload">` for every module of the page and one
 * `<script type="module">` that imports them; both start downloading as soon as the parser meets them. They are
 * written here in a form that downloads nothing, which <ScriptsAfterFirstPaint /> turns back after the first
 * paint. Only attributes change, never the tags, so React hydrates the same document shape.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module"/g;

/** The document with its JavaScript downloads held back until the first paint. */
export function deferScripts(html: string): string {
  return html
    .replace(MODULE_PRELOAD, `<link ${AFTER_PAINT_ATTRIBUTE}="modulepreload"`)
    .replace(MODULE_SCRIPT, `$1 type="${INERT_SCRIPT_TYPE}" ${AFTER_PAINT_ATTRIBUTE}="module"`);
}

/**
 * deferScripts over a streamed document. A chunk may end inside a tag: its last `<` without a `>` after it is
 * kept for the next chunk, so every tag is rewritten whole. (Text and data never hold a raw `<`: React escapes
 * it in text and Remix in its inline JSON.)
 */
export function deferScriptsStream(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = pending + decoder.write(chunk);
      const open = text.lastIndexOf('<');
      const cut = open >= 0 && text.indexOf('>', open) < 0 ? open : text.length;
      pending = text.slice(cut);
      done(null, deferScripts(text.slice(0, cut)));
    },
    flush(done) {
      done(null, deferScripts(pending + decoder.end()));
    },
  });
}
