import fc from 'fast-check';

/**
 * Values a hostile or broken client sends: control and NUL characters, lone surrogates, numbers past every
 * integer type, dates out of range, SQL and markup, empty and huge collections.
 */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '💩'.repeat(3),
  '%',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '=cmd|calc!A1',
  '9'.repeat(40),
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
  '[]',
  '{}',
  '{"id":[]}',
  '2026-13-45',
  '0000-01-01',
  '-271821-04-20T00:00:00Z',
  '275760-09-13T00:00:00.001Z',
  '9999-12-31T23:59:59Z',
  'http://127.0.0.1:22/',
  'file:///etc/passwd',
  '../../etc/passwd',
  'a'.repeat(300),
  '长'.repeat(2_000),
];

const HOSTILE_NUMBERS = [0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER];

/** Field names of the API's bodies and queries: a key the route knows makes its validation run deeper. */
export const FIELD_NAMES = [
  'id', 'name', 'phone', 'email', 'school', 'major', 'goals', 'agreement', 'source', 'subject', 'message', 'status',
  'note', 'followUpAt', 'password', 'currentPassword', 'newPassword', 'title', 'company', 'location', 'salary',
  'description', 'requirements', 'skillTags', 'sourceUrl', 'isActive', 'keyword', 'keywords', 'city', 'cities',
  'site', 'sites', 'targetUrls', 'maxResults', 'waitTime', 'enableJavaScriptRendering', 'antiDetectionMode',
  'feedback', 'request_delay', 'user_agent_rotation', 'javascript_rendering', 'anti_detection', 'cookies', 'taskId',
  'createdFrom', 'createdTo', 'q', 'amount', 'studentId', 'url', 'pageUrl', 'imageUrl',
];

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);

const hostileNumber = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.integer(), fc.double({ noNaN: true }));

/** Any JSON value, a few levels deep, leaning to the hostile. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileString,
    hostileNumber,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A JSON body: mostly an object of known field names, sometimes anything at all. */
export const hostileBody = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { minKeys: 1, maxKeys: 6 }) },
  { weight: 1, arbitrary: hostileValue },
);

/**
 * A valid body of the route with one or two fields broken: random bodies mostly fail the first rule, so
 * these are what reach the services and the database behind the validation.
 */
export function brokenValidBody(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const field = fc.constantFrom(...Object.keys(valid));
  const poisoned = (value: unknown) =>
    fc.constantFrom('\u0000', '\ud800', '\u0000\u0000x').map((poison) => (typeof value === 'string' ? `${value}${poison}` : Array.isArray(value) ? [...value, `x${poison}`] : poison));
  const change = field.chain((name) => fc.tuple(fc.constant(name), fc.oneof(hostileValue, poisoned(valid[name]))));
  return fc.array(change, { minLength: 1, maxLength: 2 }).map((changes) => ({ ...valid, ...Object.fromEntries(changes) }));
}

/** react-admin's list query (filter, sort, range as JSON) and the other query parameters, broken in every way. */
export const hostileQuery = fc.dictionary(
  fc.constantFrom('filter', 'sort', 'range', 'q', 'page', 'perPage', 'limit', 'studentId', 'status', 'taskId', 'format'),
  fc.oneof(
    hostileString,
    hostileValue.map((value) => JSON.stringify(value)),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 2 }).map((value) => JSON.stringify(value)),
  ),
  { maxKeys: 3 },
);

/** A path parameter: ids of every shape, valid UUIDs that name nothing, and text. */
export const hostileId = fc.oneof(fc.uuid(), hostileString.filter((value) => value.length > 0), fc.constantFrom('0', '-1', '99999999999999999999', '1e5'));

/** A query string as a client writes it by hand: every UTF-16 unit percent-encoded, lone surrogates as their raw bytes. */
export function queryString(query: Record<string, string>): string {
  return Object.entries(query)
    .map(([key, value]) => `${key}=${percentEncode(value)}`)
    .join('&');
}

function percentEncode(value: string): string {
  let out = '';
  for (const char of value) {
    try {
      out += encodeURIComponent(char);
    } catch {
      // A lone surrogate has no UTF-8 form: send the bytes a careless encoder would (CESU-8).
      const unit = char.charCodeAt(0);
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    }
  }
  return out;
}

/** The query parameters of the API's lists: react-admin's three JSON ones and the crawl results' own. */
export const LIST_PARAMETERS = ['range', 'sort', 'filter', 'limit', 'offset', 'q', 'status', 'site', 'taskId', 'studentId'];

/**
 * Numbers as JSON text may spell them, past every integer type a database or JavaScript holds: 2^63 - 1 and
 * beyond (PostgreSQL's bigint), 2^53 + 1 (JavaScript's last exact integer), exponents, and the smallest too.
 */
const EXTREME_NUMBERS = [
  '1e21', '9223372036854775807', '9223372036854775808', '-9223372036854775809', '18446744073709551616', '9007199254740993',
  '2147483648', '1e308', '1e309', '-1', '-0', '0.5', '1e-7', '4.9e-324', '99999999999999999999999999', '1000000000', '1000000001',
];
const extremeNumber = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...EXTREME_NUMBERS) }, fc.integer({ min: 0, max: 1_000 }).map(String));

/** `range`, `sort` and `filter` as JSON text with extreme numbers where a list takes numbers, strings or ids. */
const EXTREME_LIST_VALUES: Record<string, fc.Arbitrary<string>> = {
  range: fc.oneof(
    extremeNumber.map((n) => `[${n},${n}]`),
    fc.tuple(extremeNumber, extremeNumber).map(([a, b]) => `[${a},${b}]`),
    extremeNumber.map((n) => `[0,${n}]`),
    extremeNumber.map((n) => `[${n}]`),
  ),
  sort: fc.oneof(extremeNumber.map((n) => `["createdAt",${n}]`), extremeNumber.map((n) => `[${n},"ASC"]`), extremeNumber.map((n) => `["${n}","DESC"]`)),
  filter: fc
    .tuple(fc.constantFrom('q', 'id', 'status', 'subject', 'studentId', 'createdAt_gte', 'createdAt_lte', 'taskId', 'site', 'kind'), extremeNumber, fc.boolean())
    .map(([key, n, quoted]) => `{"${key}":${quoted ? `"${n}"` : n}}`),
};

/** A list's query with one to three of its parameters holding extreme numbers (plain ones are the number itself). */
export function extremeListQuery(parameters: readonly string[]): fc.Arbitrary<Record<string, string>> {
  const value = (name: string) => EXTREME_LIST_VALUES[name] ?? extremeNumber;
  return fc
    .uniqueArray(fc.constantFrom(...parameters), { minLength: 1, maxLength: 3 })
    .chain((names) => fc.tuple(...names.map((name) => value(name).map((text) => [name, text] as const))))
    .map((entries) => Object.fromEntries(entries));
}
