/**
 * What the front door does for every request before anything answers it: which forwarded headers it
 * believes, which host names it serves (docs/product/errors.md#front-door), and the security headers of the pages.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import type { RequestHandler, Response } from 'express';
import proxyAddr from 'proxy-addr';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'] as const;
/** Always served: health checks and a browser on this machine reach the site under these names. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const HSTS = 'max-age=31536000; includeSubDomains';
// No page of the site uses these; a script injected into one cannot either.
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
/** What every answer of the front door carries, whoever made it. */
const BASE_SECURITY_HEADERS: ReadonlyArray<[string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Permissions-Policy', PERMISSIONS_POLICY],
];

// The WeChat JS-SDK's host: the share panel adds its script there (docs/product/wechat.md#where-sharing-happens).
// Browsers that understand 'strict-dynamic' ignore host sources and trust what a nonce'd script loads; older
// ones need the host.
const WECHAT_SDK_ORIGIN = 'https://res.wx.qq.com';

/**
 * Express's `trust proxy` for TRUST_PROXY ("loopback", "10.0.0.0/8, 192.168.1.2", …); none when unset: the
 * front door is then the edge, and an X-Forwarded-* a client sends is its own invention.
 */
export function trustedProxies(trustProxy: string | undefined): string[] {
  return (trustProxy ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Drops X-Forwarded-* and Forwarded unless the connection comes from a trusted proxy. The /api proxy then
 * adds the front door's own, so the API (which trusts only the front door) and Remix's request URL see
 * what the visitor's connection really was, not a header a client chose.
 */
export function dropUntrustedForwarding(proxies: string[]): RequestHandler {
  const keepTrustedForwarding = forwardingFilter(proxies);
  return (req, _res, next) => {
    keepTrustedForwarding(req);
    next();
  };
}

/**
 * {@link dropUntrustedForwarding} as a function of the request, for the paths answered before Express (the API
 * gateway). A trusted proxy's X-Forwarded-Host becomes the Host.
 */
export function forwardingFilter(proxies: string[]): (req: IncomingMessage) => void {
  const trusted = proxyAddr.compile(proxies);
  return (req) => {
    if (!trusted(req.socket.remoteAddress ?? '', 0)) {
      for (const header of FORWARDING_HEADERS) delete req.headers[header];
    } else {
      // The host the visitor asked the proxy for, port included: Remix's adapter would otherwise take the
      // port of the proxy's own Host header.
      const forwardedHost = String(req.headers['x-forwarded-host'] ?? '').split(',')[0].trim();
      if (forwardedHost) req.headers.host = forwardedHost;
    }
  };
}

/** Whether a request's host name (no port; an IPv6 address with or without brackets) is one this site serves. */
export function servesHost(hosts: Set<string>, hostname: string): boolean {
  const name = hostname.toLowerCase();
  return hosts.has(name) || hosts.has(`[${name}]`);
}

/** The host name of a request's Host header (after {@link forwardingFilter}), without its port, as Express reads it. */
export function hostnameOf(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  // [::1]:3000 keeps its brackets; example.cn:3000 loses its port.
  const end = host.startsWith('[') ? host.indexOf(']') + 1 : host.indexOf(':');
  return end > 0 ? host.slice(0, end) : host;
}

/** The hosts this site answers for: the loopback names, SITE_URL's host and PUBLIC_HOSTS. */
export function allowedHosts(siteUrl: string | undefined, publicHosts: string | undefined): Set<string> {
  const hosts = new Set(LOOPBACK_HOSTS);
  if (siteUrl) hosts.add(new URL(siteUrl).hostname.toLowerCase());
  for (const host of (publicHosts ?? '').split(',')) if (host.trim()) hosts.add(host.trim().toLowerCase());
  return hosts;
}

/**
 * Refuses a Host header (or a trusted proxy's X-Forwarded-Host) this site does not own, as Django's
 * ALLOWED_HOSTS does: without SITE_URL the host becomes canonical links, og:url and the sitemap, and a
 * request for another name is either a misconfiguration or an attempt to plant one there.
 */
export function refuseUnknownHosts(hosts: Set<string>): RequestHandler {
  return (req, res, next) => {
    // req.hostname reads X-Forwarded-Host only from a trusted proxy, without a port. (The API gateway, before
    // Express, answers /api's own in the API's envelope.)
    if (servesHost(hosts, req.hostname ?? '')) return next();
    res.setHeader('Cache-Control', 'no-store');
    res.status(400).type('text/plain').send(`Unknown host. Set SITE_URL or PUBLIC_HOSTS to serve this name.`);
  };
}

/** The nonce of this response's inline scripts (Remix's hydration data), made by {@link securityHeaders}. */
export function cspNonceOf(res: Response): string {
  return res.locals.cspNonce as string;
}

/** What every page of the site allows, whoever built it: its own origin only, no plugins, no framing. */
const SHARED_CSP: Record<string, string> = {
  'default-src': "'self'",
  // React, MUI and the pages set style attributes and (MUI) style elements; styles cannot run code.
  'style-src': "'self' 'unsafe-inline'",
  'font-src': "'self'",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

function csp(directives: Record<string, string>): string {
  return Object.entries({ ...SHARED_CSP, ...directives })
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/**
 * Content-Security-Policy of the public pages: scripts only with this response's nonce (and what they load);
 * share images and job logos may live on other https hosts.
 */
export function pageCsp(nonce: string): string {
  return csp({ 'script-src': `'nonce-${nonce}' 'strict-dynamic' 'self' ${WECHAT_SDK_ORIGIN}`, 'img-src': "'self' data: https:" });
}

/** Content-Security-Policy of the back office: a static build whose scripts are files of this origin (no inline script, no nonce). */
export const ADMIN_CSP = csp({ 'script-src': "'self'", 'img-src': "'self' data: blob:" });

/**
 * The headers of a public page answer with this nonce (the page cache's fast path writes the same ones):
 * the page CSP only outside development, HSTS only over https.
 */
export function pageSecurityHeaders(nonce: string, secure: boolean, development = false): Array<[string, string]> {
  const policy: Array<[string, string]> = development ? [] : [['Content-Security-Policy', pageCsp(nonce)]];
  return [...BASE_SECURITY_HEADERS, ...policy, ...hsts(secure)];
}

/**
 * The headers the API gateway puts on what it forwards (the API's own answers replace any of the same name) and on its
 * own error answers: the pages', with a CSP that allows nothing in place of theirs (no JSON answer runs a script).
 */
export function apiSecurityHeaders(secure: boolean): Array<[string, string]> {
  return [...BASE_SECURITY_HEADERS, ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"], ...hsts(secure)];
}

/** HSTS only over https: over http it is ignored anyway. */
function hsts(secure: boolean): Array<[string, string]> {
  return secure ? [['Strict-Transport-Security', HSTS]] : [];
}

/**
 * Headers every answer through Express carries, and the page CSP with a fresh nonce (the admin router replaces it
 * with its own; /api never comes here: the API gateway). Without a CSP in development: Vite's dev server injects
 * inline scripts.
 */
export function securityHeaders({ development }: { development: boolean }): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    // req.secure believes a trusted proxy's X-Forwarded-Proto.
    for (const [name, value] of pageSecurityHeaders(nonce, req.secure, development)) res.setHeader(name, value);
    next();
  };
}
