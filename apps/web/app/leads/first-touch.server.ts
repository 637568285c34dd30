import { FIRST_TOUCH_COOKIE, isLeadSource, LEAD_LIMITS, LEAD_SOURCE_KEYS, type LeadSource, type LeadSourceKey } from '@aipm/contracts';

/** Cookie lifetimes (docs/product/constants.md#rate-limits-and-sessions): the first-touch record lives 30 days. */
export const FIRST_TOUCH_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** Browsers keep about 4 KB per cookie: long referrers are shortened to stay well below. */
const MAX_COOKIE_VALUE_LENGTH = 3000;
const UTM_KEYS = LEAD_SOURCE_KEYS.filter((key) => key.startsWith('utm_'));

const limitOf = (key: LeadSourceKey) => (key === 'referrer' || key === 'landingPath' ? LEAD_LIMITS.sourceUrl : LEAD_LIMITS.sourceValue);

/** Cuts to `max` UTF-16 units without leaving half a surrogate pair (which encodeURIComponent refuses). */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Known keys with trimmed, non-empty, bounded text: what the API's source validator accepts. */
function cleanSource(raw: unknown): LeadSource | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const source: LeadSource = {};
  for (const key of LEAD_SOURCE_KEYS) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) source[key] = truncate(value.trim(), limitOf(key));
  }
  return Object.keys(source).length > 0 && isLeadSource(source) ? source : null;
}

function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * The first-touch source kept by the landing visit (URL-encoded JSON, as the API's visitor-context reads it).
 * It travels through the browser, so it is read leniently: anything unreadable is no source.
 */
export function firstTouchFromCookie(cookieHeader: string | null): LeadSource | null {
  const raw = cookieValue(cookieHeader, FIRST_TOUCH_COOKIE);
  if (raw === undefined) return null;
  try {
    return cleanSource(JSON.parse(decodeURIComponent(raw)));
  } catch {
    return null;
  }
}

/** The visit's utm_* parameters, the referring page (other sites only) and the landing path. */
function firstTouchOf(request: Request, siteOrigin: string): LeadSource {
  const url = new URL(request.url);
  const source: Partial<Record<LeadSourceKey, unknown>> = { landingPath: url.pathname };
  for (const key of UTM_KEYS) source[key] = url.searchParams.get(key);
  const referrer = request.headers.get('referer');
  if (referrer) {
    try {
      const from = new URL(referrer);
      // A page of this site is not where the visitor came from.
      if ((from.protocol === 'http:' || from.protocol === 'https:') && from.origin !== url.origin && from.origin !== siteOrigin) {
        from.hash = '';
        source.referrer = from.href;
      }
    } catch {
      // Not a URL: no referrer.
    }
  }
  return cleanSource(source) ?? { landingPath: '/' };
}

function encodeSource(source: LeadSource): string {
  const current: LeadSource = { ...source };
  let value = encodeURIComponent(JSON.stringify(current));
  while (value.length > MAX_COOKIE_VALUE_LENGTH) {
    const longest = LEAD_SOURCE_KEYS.filter((key) => current[key]).sort((a, b) => current[b]!.length - current[a]!.length)[0]!;
    current[longest] = truncate(current[longest]!, Math.floor(current[longest]!.length / 2));
    value = encodeURIComponent(JSON.stringify(current));
  }
  return value;
}

/**
 * Set-Cookie for the landing visit, or null when the visitor already has one: the first touch is never
 * overwritten. HttpOnly (only servers read it); Secure when the site is served over HTTPS.
 */
export function firstTouchSetCookie(request: Request, siteOrigin: string): string | null {
  if (cookieValue(request.headers.get('Cookie'), FIRST_TOUCH_COOKIE) !== undefined) return null;
  const secure = siteOrigin.startsWith('https:') || new URL(request.url).protocol === 'https:';
  return [
    `${FIRST_TOUCH_COOKIE}=${encodeSource(firstTouchOf(request, siteOrigin))}`,
    'Path=/',
    `Max-Age=${FIRST_TOUCH_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
    'HttpOnly',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
