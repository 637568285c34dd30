import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';

/** The browser's proof that it signed in to an account before (docs/decisions/037). */
export const DEVICE_COOKIE_NAME = 'aipm.device';
/** Sent with the sign-in call only: no other route needs it, and no page script can read it (httpOnly). */
export const DEVICE_COOKIE_PATH = '/api/admin/login';
/** A browser unused for this long is a stranger again (each sign-in issues a fresh cookie). */
export const DEVICE_COOKIE_DAYS = 180;

const DAY_SECONDS = 24 * 3600;
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * OWASP's "device cookie": `<id>.<issued at, seconds>.<HMAC>`, the HMAC taken over the id, the time and the
 * account's normalised email with a key derived from SESSION_SECRET. The email is not in the cookie (a
 * stolen cookie names no account), yet a cookie proves nothing for any other email, and nobody without the
 * secret can make one. The id keys the browser's own failure allowance in the limiter.
 */
/** Where a realm's device cookie lives: the administrator's by default, the student realm's its own (ADR 061). */
export interface DeviceCookieRealm {
  name: string;
  /** The realm's sign-in call: the only request the cookie is sent with. */
  path: string;
  /** Mixed into the key, so a cookie of one realm proves nothing in the other. */
  purpose: string;
}

export const ADMIN_DEVICE_COOKIES: DeviceCookieRealm = { name: DEVICE_COOKIE_NAME, path: DEVICE_COOKIE_PATH, purpose: 'aipm device cookie v1' };

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly realm: DeviceCookieRealm = ADMIN_DEVICE_COOKIES,
  ) {
    this.key = createHmac('sha256', secret).update(realm.purpose).digest();
  }

  /** A new cookie value for this account. */
  issue(email: string, now = Date.now()): string {
    const id = randomBytes(16).toString('base64url');
    const issuedAt = Math.floor(now / 1000);
    return `${id}.${issuedAt}.${this.mac(id, issuedAt, email)}`;
  }

  /** The device id of a cookie this server issued for this email and that has not expired; else null. */
  verify(value: string, email: string, now = Date.now()): string | null {
    const [id, issued, mac, extra] = value.split('.');
    if (extra !== undefined || !id || !issued || !mac || !ID_PATTERN.test(id) || !/^\d{1,12}$/.test(issued)) return null;
    const issuedAt = Number(issued);
    const age = now / 1000 - issuedAt;
    if (age < -60 || age > DEVICE_COOKIE_DAYS * DAY_SECONDS) return null;
    const expected = Buffer.from(this.mac(id, issuedAt, email));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  /** The id of the first valid device cookie the request carries for this email (a browser may hold stale ones). */
  deviceOf(request: Request, email: string): string | null {
    for (const value of cookieValues(request.headers.cookie, this.realm.name)) {
      const id = this.verify(value, email);
      if (id) return id;
    }
    return null;
  }

  /** Gives the browser a cookie for this account (after a successful sign-in). */
  set(request: Request, response: Response, email: string): void {
    response.cookie(this.realm.name, this.issue(email), deviceCookieOptions(request, this.realm.path));
  }

  private mac(id: string, issuedAt: number, email: string): string {
    return createHmac('sha256', this.key).update(`${id}.${issuedAt}.${email}`).digest('base64url');
  }
}

/**
 * httpOnly, SameSite=Strict (a cross-site page can neither send it nor read it), Secure when the request came
 * over HTTPS (as the session cookie's `secure: 'auto'`), scoped to the sign-in call.
 */
export function deviceCookieOptions(request: Request, path: string = DEVICE_COOKIE_PATH): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure: request.secure, path, maxAge: DEVICE_COOKIE_DAYS * DAY_SECONDS * 1000 };
}

/** Every value of the named cookie in a Cookie header (several when paths differ). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    let value = part.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    values.push(value);
  }
  return values;
}
