import { SESSION_COOKIE_NAME } from '../../src/common/session';

/** The session cookie ("aipm.sid=…") among a response's Set-Cookie headers, or undefined. */
export function sessionCookie(setCookie: string | string[] | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`));
}

/** Just "aipm.sid=value", to send back in a Cookie header. */
export function cookiePair(setCookie: string | string[] | undefined): string {
  const cookie = sessionCookie(setCookie);
  if (!cookie) throw new Error('the response set no session cookie');
  return cookie.split(';')[0];
}

/** A distinct client address per test (the API trusts X-Forwarded-For from loopback), for the rate limits. */
let nextClient = 1;
export function clientIp(): string {
  nextClient += 1;
  return `203.0.113.${nextClient % 250}`;
}
