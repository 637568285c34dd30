import sanitizeHtml from 'sanitize-html';

// C0/C1 control characters except tab and newline, zero-width characters and the byte-order mark.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\u2060\uFEFF]/g;

/**
 * Plain text from a crawled value: markup removed (block elements become line breaks), entities decoded,
 * control characters dropped, whitespace collapsed. `multiline` keeps paragraph breaks (descriptions).
 */
export function toPlainText(value: unknown, { multiline = false }: { multiline?: boolean } = {}): string {
  if (value === null || value === undefined) return '';
  const input = String(value).replace(/<\s*(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, (tag) => `${tag}\n`);
  const stripped = sanitizeHtml(input, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title'] });
  const decoded = decodeEntities(stripped).replace(CONTROL_CHARACTERS, '').replace(/\r\n?/g, '\n');
  if (!multiline) return decoded.replace(/\s+/g, ' ').trim();
  return decoded
    .split('\n')
    .map((line) => line.replace(/[ \t\u00A0\u3000]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Like toPlainText but null for an empty result, for optional columns. */
export function toOptionalText(value: unknown, options?: { multiline?: boolean }): string | null {
  const text = toPlainText(value, options);
  return text === '' ? null : text;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

// sanitize-html leaves text entity-encoded; the database stores the characters themselves.
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}
