import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';

import { deferScripts, deferScriptsStream } from './defer-scripts.server';

/** The tail of a document as Remix's <Scripts nonce> renders it (React's attribute order). */
const REMIX_TAIL =
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>' +
  '<script nonce="n0nce">window.__remixContext = {"title":"AI 产品经理 \\u003cb\\u003e"};</script>' +
  '<script nonce="n0nce" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>';
const DOCUMENT = `<!DOCTYPE html><html lang="zh"><head><link rel="icon" href="/favicon.svg"/></head><body><h1>训练营</h1>${REMIX_TAIL}</body></html>`;

const DEFERRED_TAIL =
  '<link data-after-paint="modulepreload" href="/assets/manifest-1.js"/><link data-after-paint="modulepreload" href="/assets/entry.client-2.js"/>' +
  '<script nonce="n0nce">window.__remixContext = {"title":"AI 产品经理 \\u003cb\\u003e"};</script>' +
  '<script nonce="n0nce" type="text/x-after-paint" data-after-paint="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>';

describe(deferScripts.name, () => {
  it('holds back the module preloads and the module script, and nothing else', () => {
    expect(deferScripts(DOCUMENT)).toBe(DOCUMENT.replace(REMIX_TAIL, DEFERRED_TAIL));
  });

  it('leaves a document without Remix scripts as it is', () => {
    const page = '<html><head><link rel="preload" href="/a.json" as="fetch"/></head><body><script>1</script></body></html>';
    expect(deferScripts(page)).toBe(page);
  });
});

describe(deferScriptsStream.name, () => {
  const streamed = (chunks: Buffer[]) => text(Readable.from(chunks).pipe(deferScriptsStream()));

  it('rewrites every tag whole wherever the chunks are cut, multi-byte characters included', async () => {
    const bytes = Buffer.from(DOCUMENT);
    const expected = deferScripts(DOCUMENT);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      await expect(streamed([bytes.subarray(0, cut), bytes.subarray(cut)])).resolves.toBe(expected);
    }
  });

  it('rewrites a document that arrives a byte at a time', async () => {
    const bytes = Buffer.from(DOCUMENT);
    await expect(streamed([...bytes].map((byte) => Buffer.from([byte])))).resolves.toBe(deferScripts(DOCUMENT));
  });
});
