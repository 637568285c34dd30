import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import * as opentype from 'opentype.js';
import { parseSalary } from '@aipm/contracts';
import type { LoadedPage } from '../page.loader';
import { zhipinAdapter } from '../sites/zhipin/zhipin.adapter';
import { readPage } from './page.reader';
import { decodePrivateDigits, digitMapOf, fontFaceSources } from './private-font.decoder';

/*
 * Fonts are built here with opentype.js, as a site builds its salary font: digit outlines (seven-segment
 * drawings, a real outline each) put on private-use code points in a shuffled order. The decoder sees only
 * the font's bytes.
 */

/** Segments a..g of a seven-segment digit as rectangles in a 500 × 700 box; corners left open. */
const SEGMENTS: Record<string, [number, number, number, number]> = {
  a: [80, 620, 420, 700], b: [420, 360, 500, 620], c: [420, 80, 500, 340], d: [80, 0, 420, 80],
  e: [0, 80, 80, 340], f: [0, 360, 80, 620], g: [80, 310, 420, 390],
};
const DIGIT_SEGMENTS = ['abcdef', 'bc', 'abged', 'abgcd', 'fgbc', 'afgcd', 'afgedc', 'abc', 'abcdefg', 'abcdfg'];

/** The outline of a digit, scaled and moved: the same drawing at another size must still be that digit. */
function digitPath(digit: number, scale = 1, dx = 0, dy = 0): opentype.Path {
  const outline = new opentype.Path();
  for (const name of DIGIT_SEGMENTS[digit]) {
    const [x0, y0, x1, y1] = SEGMENTS[name].map((value) => value * scale);
    outline.moveTo(x0 + dx, y0 + dy);
    outline.lineTo(x1 + dx, y0 + dy);
    outline.lineTo(x1 + dx, y1 + dy);
    outline.lineTo(x0 + dx, y1 + dy);
    outline.close();
  }
  return outline;
}

/** A "K"-like sign that is no digit. */
function letterPath(): opentype.Path {
  const outline = new opentype.Path();
  outline.moveTo(0, 0);
  outline.lineTo(100, 0);
  outline.lineTo(100, 700);
  outline.lineTo(0, 700);
  outline.close();
  outline.moveTo(100, 350);
  outline.lineTo(500, 700);
  outline.lineTo(500, 600);
  outline.lineTo(200, 350);
  outline.lineTo(500, 0);
  outline.lineTo(400, 0);
  outline.close();
  return outline;
}

function buildFont(glyphs: Array<{ name: string; unicode: number; path: opentype.Path }>): Uint8Array {
  const notdef = new opentype.Glyph({ name: '.notdef', unicode: 0, advanceWidth: 600, path: new opentype.Path() });
  const font = new opentype.Font({
    familyName: 'kanzhun-mix',
    styleName: 'Regular',
    unitsPerEm: 1000,
    ascender: 800,
    descender: -200,
    glyphs: [notdef, ...glyphs.map((glyph) => new opentype.Glyph({ ...glyph, advanceWidth: 600 }))],
  });
  return new Uint8Array(font.toArrayBuffer());
}

/** Wraps an OpenType font as WOFF 1.0 (each table deflated), the format the site serves. */
function toWoff(sfnt: Uint8Array): Uint8Array {
  const view = Buffer.from(sfnt);
  const count = view.readUInt16BE(4);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 12 + index * 16;
    const [tag, checksum, offset, length] = [view.readUInt32BE(at), view.readUInt32BE(at + 4), view.readUInt32BE(at + 8), view.readUInt32BE(at + 12)];
    const data = view.subarray(offset, offset + length);
    const packed = deflateSync(data);
    return { tag, checksum, length, stored: packed.length < length ? packed : data };
  });
  const pad = (size: number) => (size + 3) & ~3;
  const header = Buffer.alloc(44 + 20 * count);
  let offset = header.length;
  const bodies: Buffer[] = [];
  tables.forEach((table, index) => {
    const at = 44 + index * 20;
    header.writeUInt32BE(table.tag, at);
    header.writeUInt32BE(offset, at + 4);
    header.writeUInt32BE(table.stored.length, at + 8);
    header.writeUInt32BE(table.length, at + 12);
    header.writeUInt32BE(table.checksum, at + 16);
    bodies.push(Buffer.concat([table.stored, Buffer.alloc(pad(table.stored.length) - table.stored.length)]));
    offset += pad(table.stored.length);
  });
  header.write('wOFF', 0, 'latin1');
  header.writeUInt32BE(view.readUInt32BE(0), 4);
  header.writeUInt32BE(offset, 8);
  header.writeUInt16BE(count, 12);
  header.writeUInt32BE(12 + 16 * count + tables.reduce((sum, table) => sum + pad(table.length), 0), 16);
  header.writeUInt16BE(1, 20);
  return new Uint8Array(Buffer.concat([header, ...bodies]));
}

/** A private-use font: digit d drawn at 0xE031 + order[d], glyphs named like the site's (no digit names). */
function privateFont(order: readonly number[], extra: Array<{ name: string; unicode: number; path: opentype.Path }> = []): Uint8Array {
  return toWoff(buildFont([...order.map((slot, digit) => ({ name: `uni${(0xe031 + slot).toString(16).toUpperCase()}`, unicode: 0xe031 + slot, path: digitPath(digit, 0.8, 37, 11) })), ...extra]));
}
/** The reference: a font whose ASCII digits carry the same drawings at their own size. */
const reference = buildFont(Array.from({ length: 10 }, (_, digit) => ({ name: `ref${digit}`, unicode: 0x30 + digit, path: digitPath(digit) })));

/** A seeded shuffle of 0..9, so each run proves the same thing. */
function shuffled(seed: number): number[] {
  const order = Array.from({ length: 10 }, (_, index) => index);
  let state = seed;
  for (let index = order.length - 1; index > 0; index -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const other = state % (index + 1);
    [order[index], order[other]] = [order[other], order[index]];
  }
  return order;
}

const encode = (text: string, order: readonly number[]) => text.replace(/[0-9]/g, (digit) => String.fromCodePoint(0xe031 + order[Number(digit)]));

describe(digitMapOf.name, () => {
  it.each([1, 7, 2026])('gives each shuffled private-use glyph its digit by outline against a reference (seed %i)', async (seed) => {
    const order = shuffled(seed);
    const map = await digitMapOf(privateFont(order), [reference]);
    expect([...map.entries()].sort((a, b) => a[0] - b[0])).toEqual(order.map((slot, digit) => [0xe031 + slot, String(digit)]).sort((a, b) => (a[0] as number) - (b[0] as number)));
  });

  it('reads the font’s own ASCII digits as the reference when it has them', async () => {
    const order = shuffled(5);
    const font = toWoff(buildFont([...order.map((slot, digit) => ({ name: `g${slot}`, unicode: 0xe031 + slot, path: digitPath(digit, 1.3) })), ...Array.from({ length: 10 }, (_, digit) => ({ name: `d${digit}`, unicode: 0x30 + digit, path: digitPath(digit) }))]));
    const map = await digitMapOf(font);
    expect(map.get(0xe031 + order[3])).toBe('3');
    expect(map.size).toBe(10);
  });

  it('takes the digit from the glyph name where the font names its glyphs', async () => {
    const names = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
    const font = buildFont([4, 9, 0].map((digit, index) => ({ name: names[digit], unicode: 0xf101 + index, path: letterPath() })));
    expect([...(await digitMapOf(font)).entries()]).toEqual([
      [0xf101, '4'],
      [0xf102, '9'],
      [0xf103, '0'],
    ]);
  });

  it('leaves out a private-use glyph that draws no digit', async () => {
    const map = await digitMapOf(privateFont(shuffled(3), [{ name: 'uniE050', unicode: 0xe050, path: letterPath() }]), [reference]);
    expect(map.has(0xe050)).toBe(false);
    expect(map.size).toBe(10);
  });

  it('keeps the map of a font it has read, by the font’s hash', async () => {
    const font = privateFont(shuffled(11));
    expect(await digitMapOf(font, [reference])).toBe(await digitMapOf(Uint8Array.from(font), [reference]));
  });
});

describe(decodePrivateDigits.name, () => {
  it('decodes characters and entities with an inline data: font', async () => {
    const order = shuffled(42);
    const font = Buffer.from(privateFont(order)).toString('base64');
    const salary = encode('15-25K', order);
    const html = `<style>@font-face{font-family:x;src:url(data:font/woff;base64,${font}) format("woff")}</style><span>${salary}</span><i>&#x${(0xe031 + order[8]).toString(16)};</i>`;
    expect(await decodePrivateDigits(html, new Map(), [reference])).toContain('<span>15-25K</span><i>8</i>');
  });

  it('leaves a page without private-use characters as it is', async () => {
    const html = '<style>@font-face{src:url(a.woff)}</style><p>15-25K</p>';
    expect(await decodePrivateDigits(html, new Map([['a.woff', new Uint8Array([1, 2, 3])]]))).toBe(html);
  });
});

describe('a BOSS直聘 list page whose salaries are private-use glyphs', () => {
  const fixture = readFileSync(path.join(__dirname, '..', 'sites', 'zhipin', 'fixtures', 'search-private-font-15.html'), 'utf8');
  /** The order the page was written with (digit d at U+E031 + FIXTURE_ORDER[d]). */
  const FIXTURE_ORDER = [7, 2, 9, 0, 5, 3, 8, 1, 6, 4];
  const [fontUrl] = fontFaceSources(fixture);
  const page = (html: string, fonts: Map<string, Uint8Array>): LoadedPage => ({ url: new URL('https://www.zhipin.com/web/geek/job?query=AI&city=101250100'), status: 200, html, dataBodies: [], fonts, screenshot: async () => null });
  const decodeWith = (order: readonly number[]) => {
    // The site's font carries no ASCII digits; the reference digits come from a second @font-face of the page.
    const withReference = order === FIXTURE_ORDER ? fixture : fixture.replace(/[\uE031-\uE03A]/g, (glyph) => String.fromCodePoint(0xe031 + order[FIXTURE_ORDER.indexOf(glyph.codePointAt(0)! - 0xe031)]));
    return page(withReference.replace('</style>', '@font-face{font-family:ref;src:url("ref.ttf")}</style>'), new Map([[fontUrl, privateFont(order)], ['ref.ttf', reference]]));
  };

  it('is read as 15 jobs from their links and structure, with salaries decoded', async () => {
    const reading = await readPage(zhipinAdapter, decodeWith(FIXTURE_ORDER), async () => []);
    expect(reading).toMatchObject({ source: 'dom' });
    const jobs = 'jobs' in reading ? reading.jobs : [];
    expect(jobs).toHaveLength(15);
    expect(jobs[0]).toMatchObject({ title: 'AI产品经理', company: '长沙智算科技有限公司', salary: '15-25K·14薪', url: expect.stringMatching(/^\/job_detail\/a1f5d2c9e0b44f2a1nZy2Nu0GVFV\.html/) });
    expect(jobs.map((job) => parseSalary(String(job.salary))?.min)).toEqual([15000, 20000, 12000, 25000, 10000, 18000, 14000, 9000, 16000, 6000, 22000, 17000, 13000, 8000, 20000]);
  });

  it('reads the same salaries when the site reshuffles its code points', async () => {
    const salaries = async (order: readonly number[]) => {
      const reading = await readPage(zhipinAdapter, decodeWith(order), async () => []);
      return 'jobs' in reading ? reading.jobs.map((job) => job.salary) : [];
    };
    const asWritten = await salaries(FIXTURE_ORDER);
    expect(asWritten).toHaveLength(15);
    expect(asWritten.every((salary) => typeof salary === 'string' && /^\d+-\d+K/.test(salary))).toBe(true);
    expect(shuffled(99)).not.toEqual(FIXTURE_ORDER);
    expect(await salaries(shuffled(99))).toEqual(asWritten);
  });

  it('still finds the 15 cards when the font cannot be read, salaries left as drawn', async () => {
    const reading = await readPage(zhipinAdapter, page(fixture, new Map()), async () => []);
    expect('jobs' in reading && reading.jobs).toHaveLength(15);
  });
});
