import type { OriginStorage, SiteSessionContents, StoredCookie } from '@aipm/database';
import type { CookieData, Page } from 'puppeteer-core';

/** The stored cookies as Chromium sets them again. */
export function cookieData(cookies: readonly StoredCookie[]): CookieData[] {
  return cookies.map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({
    name,
    value,
    domain,
    path,
    httpOnly,
    secure,
    sameSite,
    // A session cookie (-1) is set without an expiry, as it came.
    ...(expires !== undefined && expires > 0 ? { expires } : {}),
  }));
}

/** The Cookie header a request to `url` would carry from these cookies (domain and path matched as a browser does). */
export function cookieHeader(cookies: readonly StoredCookie[], url: URL): string {
  const host = url.hostname.toLowerCase();
  const now = Date.now() / 1000;
  return cookies
    .filter((cookie) => {
      const domain = cookie.domain.toLowerCase().replace(/^\./, '');
      const domainMatches = host === domain || host.endsWith(`.${domain}`);
      const pathMatches = url.pathname.startsWith(cookie.path || '/');
      const live = cookie.expires === undefined || cookie.expires <= 0 || cookie.expires > now;
      return domainMatches && pathMatches && live && (!cookie.secure || url.protocol === 'https:');
    })
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/**
 * Runs in every document of the tab before the site's own scripts: the origin's stored Web Storage is put back,
 * so a site that reads its token from localStorage or sessionStorage at start finds it. Serialised into the page.
 */
function restoreStorage(origins: OriginStorage[]): void {
  const stored = origins.find((entry) => entry.origin === location.origin);
  if (!stored) return;
  try {
    for (const [key, value] of Object.entries(stored.localStorage)) localStorage.setItem(key, value);
    for (const [key, value] of Object.entries(stored.sessionStorage)) sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (an opaque origin): the page runs as a signed-out visitor would.
  }
}

/**
 * Puts a stored session into a tab before its next navigation. @returns undoes what stays with a kept tab (the
 * storage script); the cookies stay in the browser's context, as a signed-in browser keeps them.
 */
export async function applySession(page: Page, session: SiteSessionContents): Promise<() => Promise<void>> {
  if (session.cookies.length > 0) await page.browserContext().setCookie(...cookieData(session.cookies));
  if (session.origins.length === 0) return async () => undefined;
  const { identifier } = await page.evaluateOnNewDocument(restoreStorage, session.origins);
  return () => page.removeScriptToEvaluateOnNewDocument(identifier).catch(() => undefined);
}

/**
 * Takes a session the browser was given earlier out of it (a deleted one), so the tab's next page is a signed-out
 * visitor's: every cookie on the session's domains (the site's own refreshed tokens beside the stored ones) and the
 * Web Storage of its origins, local and this tab's session storage.
 */
export async function forgetSession(page: Page, session: SiteSessionContents): Promise<void> {
  const domains = [...new Set(session.cookies.map((cookie) => bareDomain(cookie.domain)))];
  const context = page.browserContext();
  const held = (await context.cookies()).filter((cookie) => {
    const domain = bareDomain(cookie.domain);
    return domains.some((sessionDomain) => domain === sessionDomain || domain.endsWith(`.${sessionDomain}`));
  });
  if (held.length > 0) await context.deleteCookie(...held);
  if (session.origins.length === 0) return;
  const client = await page.createCDPSession();
  try {
    // localStorage is the browser's, per origin. sessionStorage is this tab's, reachable while a frame of the origin is
    // open (a crawl's kept tab stays on its site); without one there is none to clear ("Frame not found").
    await client.send('DOMStorage.enable');
    for (const { origin } of session.origins) {
      await client.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage' });
      await client.send('DOMStorage.clear', { storageId: { securityOrigin: origin, isLocalStorage: false } }).catch(() => undefined);
    }
  } finally {
    await client.detach().catch(() => undefined);
  }
}

const bareDomain = (domain: string) => domain.toLowerCase().replace(/^\./, '');

/**
 * What a signed-in tab holds for its site: every cookie of the browser on the site's domains, and the Web Storage
 * of the site's origins the tab has open (its frames). Storage of an origin not open in the tab cannot be read.
 */
export async function captureSession(page: Page, onSite: (host: string) => boolean): Promise<SiteSessionContents> {
  const cookies = (await page.browserContext().cookies())
    .filter((cookie) => onSite(cookie.domain.replace(/^\./, '')))
    .map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }): StoredCookie => ({
      name,
      value,
      domain,
      path,
      expires,
      httpOnly,
      secure,
      // Chromium's "Default" (no SameSite attribute) is stored as no value, which sets it the same way again.
      sameSite: sameSite === 'Strict' || sameSite === 'Lax' || sameSite === 'None' ? sameSite : undefined,
    }));
  const origins: OriginStorage[] = [];
  for (const frame of page.frames()) {
    let origin: URL;
    try {
      origin = new URL(new URL(frame.url()).origin);
    } catch {
      continue;
    }
    if (!/^https?:$/.test(origin.protocol) || !onSite(origin.hostname) || origins.some((entry) => entry.origin === origin.origin)) continue;
    const storage = await frame
      .evaluate(() => {
        const read = (area: Storage) => Object.fromEntries(Array.from({ length: area.length }, (_, index) => area.key(index) as string).map((key) => [key, area.getItem(key) ?? '']));
        return { localStorage: read(localStorage), sessionStorage: read(sessionStorage) };
      })
      .catch(() => null);
    if (storage) origins.push({ origin: origin.origin, ...storage });
  }
  return { cookies, origins };
}
