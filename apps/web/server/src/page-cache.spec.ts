import zlib from 'node:zlib';

import { acceptedEncoding, joinGzip, joinIdentity, type RenderedPage } from './page-cache';

function pageOf(text: string, nonce: string): RenderedPage {
  const parts = text.split(nonce).map((part) => Buffer.from(part));
  const deflated = parts.map((part) => zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  return { status: 200, headers: [], parts, deflated, renderedAt: 0 };
}

describe('joining a cached page with an answer\'s nonce', () => {
  const nonce = 'render+nonce/AAAAAAAAAA==';
  const text = `<!DOCTYPE html><html lang="zh"><script nonce="${nonce}">1</script>${'中文 text '.repeat(5000)}<script nonce="${nonce}">2</script>`;

  it('puts the new nonce wherever the render had its own', () => {
    const page = pageOf(text, nonce);
    expect(joinIdentity(page, 'visitor-nonce').toString()).toBe(text.replaceAll(nonce, 'visitor-nonce'));
  });

  it('builds a gzip body that any gunzip reads as the identity body (CRC and length checked)', () => {
    const page = pageOf(text, nonce);
    const gzip = joinGzip(page, 'another+nonce/BBBBBBBBBB==');
    expect(zlib.gunzipSync(gzip).toString()).toBe(text.replaceAll(nonce, 'another+nonce/BBBBBBBBBB=='));
    // Much smaller than the text: the parts really are compressed.
    expect(gzip.length).toBeLessThan(Buffer.byteLength(text) / 5);
  });

  it('handles a nonce at either end and a page without one', () => {
    for (const edge of [`${nonce}middle${nonce}`, 'no nonce at all', nonce]) {
      expect(zlib.gunzipSync(joinGzip(pageOf(edge, nonce), 'N')).toString()).toBe(edge.replaceAll(nonce, 'N'));
    }
  });
});

describe(acceptedEncoding.name, () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'gzip'],
    ['br', 'identity'],
    ['br;q=1, gzip;q=0.5', 'gzip'],
    ['gzip;q=0', 'identity'],
    ['*', 'gzip'],
    ['*;q=0', null],
    ['identity;q=0', null],
    ['identity;q=0, gzip', 'gzip'],
    ['*;q=0, identity', 'identity'],
    ['GZIP', 'gzip'],
  ])('%p → %p', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
