import { createHash } from 'node:crypto';
import type * as Fontkit from 'fontkit';

/**
 * BOSS直聘 draws salary digits with a private-use font whose code points change from font to font
 * (docs/decisions/060). Each private-use glyph is given its digit by its outline: compared with the digits of
 * a reference (the page font's own ASCII digits, or a reference font), after its glyph name when the font
 * names its glyphs. The map is kept per font hash.
 */

const PRIVATE_USE = /[\uE000-\uF8FF]/;
const PRIVATE_USE_IN_HTML = /[\uE000-\uF8FF]|&#x(e[0-9a-f]{3}|f[0-8][0-9a-f]{2});|&#(5[7-9]\d{3}|6[0-3]\d{3});/gi;
const DIGIT_NAMES: Readonly<Record<string, string>> = { zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9' };
/** Cells per side of the grid an outline is drawn on before comparing: fine enough to tell 3 from 8. */
const GRID = 16;
/** Share of differing cells above which a glyph is taken for no digit at all (a letter, a sign). */
const MAX_DISTANCE = 0.12;
const CACHE_SIZE = 32;

type Font = Fontkit.Font;
type Glyph = ReturnType<Font['glyphForCodePoint']>;

/** A private-use code point → the digit it draws. */
export type DigitMap = ReadonlyMap<number, string>;

const cache = new Map<string, DigitMap>();

// fontkit and its brotli decoder weigh about 19 MB in the worker, and most pages draw no private glyph: they load
// with the first font to read (the worker's memory budget, docs/decisions/064-adaptive-pacing.md).
let fontkitLoading: Promise<typeof Fontkit> | undefined;
const loadFontkit = () => (fontkitLoading ??= import('fontkit'));

function openFont(fontkit: typeof Fontkit, bytes: Uint8Array): Font | null {
  try {
    const opened = fontkit.create(Buffer.from(bytes));
    return 'glyphForCodePoint' in opened ? opened : null;
  } catch {
    return null;
  }
}

/** The digit a glyph name says (`zero`, `one.lf`, `digit7`, `uni0033`), or null. */
function digitByName(name: string | undefined): string | null {
  if (!name) return null;
  const base = name.toLowerCase().split('.')[0];
  if (DIGIT_NAMES[base]) return DIGIT_NAMES[base];
  const digit = /^(?:digit|num)?([0-9])$/.exec(base) ?? /^uni003([0-9])$/.exec(base);
  return digit ? digit[1] : null;
}

/** The outline as polygons (curves sampled), in font units. */
function polygons(glyph: Glyph): Array<Array<[number, number]>> {
  const shapes: Array<Array<[number, number]>> = [];
  let current: Array<[number, number]> = [];
  let [x, y] = [0, 0];
  const curve = (points: number[][]) => {
    // Bézier through the control points, eight samples a segment.
    const start = [x, y];
    for (let step = 1; step <= 8; step += 1) {
      const t = step / 8;
      let layer = [start, ...points];
      while (layer.length > 1) layer = layer.slice(1).map((point, index) => [layer[index][0] + (point[0] - layer[index][0]) * t, layer[index][1] + (point[1] - layer[index][1]) * t]);
      current.push([layer[0][0], layer[0][1]]);
    }
  };
  for (const { command, args } of glyph.path.commands) {
    if (command === 'moveTo') {
      if (current.length > 2) shapes.push(current);
      current = [[args[0], args[1]]];
    } else if (command === 'lineTo') current.push([args[0], args[1]]);
    else if (command === 'quadraticCurveTo') curve([[args[0], args[1]], [args[2], args[3]]]);
    else if (command === 'bezierCurveTo') curve([[args[0], args[1]], [args[2], args[3]], [args[4], args[5]]]);
    else if (command === 'closePath') {
      if (current.length > 2) shapes.push(current);
      current = [];
    }
    if (current.length > 0) [x, y] = current[current.length - 1];
  }
  if (current.length > 2) shapes.push(current);
  return shapes;
}

/**
 * The outline drawn on a GRID × GRID grid fitted to its own box (even-odd fill): the same drawing at
 * another size or position, or with its points renumbered, gives the same cells.
 */
export function outlineCells(glyph: Glyph): Uint8Array | null {
  const shapes = polygons(glyph);
  const points = shapes.flat();
  if (points.length === 0) return null;
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const width = maxX - minX || 1;
  const height = maxY - minY || 1;
  const cells = new Uint8Array(GRID * GRID);
  for (let row = 0; row < GRID; row += 1) {
    for (let column = 0; column < GRID; column += 1) {
      const px = minX + ((column + 0.5) / GRID) * width;
      const py = minY + ((row + 0.5) / GRID) * height;
      let inside = false;
      for (const shape of shapes) {
        for (let i = 0, j = shape.length - 1; i < shape.length; j = i, i += 1) {
          const [xi, yi] = shape[i];
          const [xj, yj] = shape[j];
          if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
        }
      }
      cells[row * GRID + column] = inside ? 1 : 0;
    }
  }
  return cells;
}

const distance = (a: Uint8Array, b: Uint8Array) => a.reduce((sum, cell, index) => sum + (cell === b[index] ? 0 : 1), 0) / a.length;

/** The reference digits a font offers: its own ASCII digits 0–9 that have an outline. */
function referenceDigits(font: Font): Array<{ digit: string; cells: Uint8Array }> {
  const found: Array<{ digit: string; cells: Uint8Array }> = [];
  for (let digit = 0; digit <= 9; digit += 1) {
    if (!font.hasGlyphForCodePoint(0x30 + digit)) continue;
    const cells = outlineCells(font.glyphForCodePoint(0x30 + digit));
    if (cells) found.push({ digit: String(digit), cells });
  }
  return found;
}

/**
 * The digit of each private-use glyph of `fontBytes` (woff, woff2, ttf or otf): by glyph name, else by the
 * nearest reference outline (the font's own digits, then each reference font's). Glyphs that match no
 * digit closely enough are left out. Kept per font hash and reference set.
 */
export async function digitMapOf(fontBytes: Uint8Array, referenceFonts: readonly Uint8Array[] = []): Promise<DigitMap> {
  const key = createHash('sha1').update(fontBytes).update(referenceFonts.map((bytes) => createHash('sha1').update(bytes).digest('hex')).join(',')).digest('hex');
  const cached = cache.get(key);
  if (cached) return cached;
  const fontkit = await loadFontkit();
  const font = openFont(fontkit, fontBytes);
  const map = new Map<number, string>();
  if (font) {
    const references = [font, ...referenceFonts.map((bytes) => openFont(fontkit, bytes)).filter((reference): reference is Font => reference !== null)].flatMap(referenceDigits);
    for (const codePoint of font.characterSet.filter((point) => PRIVATE_USE.test(String.fromCodePoint(point)))) {
      const glyph = font.glyphForCodePoint(codePoint);
      const named = digitByName(glyph.name);
      if (named) {
        map.set(codePoint, named);
        continue;
      }
      const cells = outlineCells(glyph);
      if (!cells) continue;
      const nearest = references.map((reference) => ({ digit: reference.digit, distance: distance(cells, reference.cells) })).sort((a, b) => a.distance - b.distance)[0];
      if (nearest && nearest.distance <= MAX_DISTANCE) map.set(codePoint, nearest.digit);
    }
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, map);
  return map;
}

/** The `src` addresses of the page's `@font-face` rules, in order (data: addresses included). */
export function fontFaceSources(html: string): string[] {
  const sources: string[] = [];
  for (const rule of html.matchAll(/@font-face\s*\{([^}]*)\}/gi)) {
    for (const source of rule[1].matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/gi)) sources.push(source[2].trim());
  }
  return sources;
}

/** Does the page draw anything with private-use characters? Only then are its fonts worth reading. */
export function usesPrivateGlyphs(html: string): boolean {
  PRIVATE_USE_IN_HTML.lastIndex = 0;
  return PRIVATE_USE_IN_HTML.test(html);
}

function dataUrlBytes(source: string): Uint8Array | null {
  const match = /^data:[^;,]*(;[^,]*)?,(.*)$/is.exec(source);
  if (!match) return null;
  return /;base64/i.test(match[1] ?? '') ? Buffer.from(match[2], 'base64') : Buffer.from(decodeURIComponent(match[2]), 'latin1');
}

/**
 * The page with its private-use salary glyphs written as the digits they draw. Fonts come inline (`data:`
 * in `@font-face`) or from `fonts`, the bytes the loader fetched, by address as written in the page. The
 * reference digits are those of `referenceFonts` and of the page's other fonts.
 */
export async function decodePrivateDigits(html: string, fonts: ReadonlyMap<string, Uint8Array> = new Map(), referenceFonts: readonly Uint8Array[] = []): Promise<string> {
  if (!usesPrivateGlyphs(html)) return html;
  const pageFonts = fontFaceSources(html)
    .map((source) => (source.startsWith('data:') ? dataUrlBytes(source) : (fonts.get(source) ?? null)))
    .filter((bytes): bytes is Uint8Array => bytes !== null);
  const map = new Map<number, string>();
  for (const bytes of pageFonts) {
    const references = [...referenceFonts, ...pageFonts.filter((other) => other !== bytes)];
    for (const [codePoint, digit] of await digitMapOf(bytes, references)) if (!map.has(codePoint)) map.set(codePoint, digit);
  }
  if (map.size === 0) return html;
  return html.replace(PRIVATE_USE_IN_HTML, (found, hex: string | undefined, decimal: string | undefined) => {
    const codePoint = hex ? parseInt(hex, 16) : decimal ? parseInt(decimal, 10) : found.codePointAt(0)!;
    return map.get(codePoint) ?? found;
  });
}
