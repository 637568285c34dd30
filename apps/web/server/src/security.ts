/**
 * What the front door does for every request before anything answers it: which forwarded headers it
 * believes, which host names it serves (docs/product/errors.md#front-door), and the security headers of the pages.
 */
import { randomBytes } from 'node:crypto';

import { type ApiErrorResponse, ERROR_MESSAGES } from '@aipm/contracts';
import type { RequestHandler, Response } from 'express';
import proxyAddr from 'proxy-addr';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'] as const;
/** Always served: health checks and a browser on this machine reach the site under these names. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const HSTS = 'max-age=31536000; includeSubDomains';
// No page of the site uses these; a script injected into one cannot either.
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
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
  const trusted = proxyAddr.compile(proxies);
  return (req, _res, next) => {
    if (!trusted(req.socket.remoteAddress ?? '', 0)) {
      for (const header of FORWARDING_HEADERS) delete req.headers[header];
    } else {
      // The host the visitor asked the proxy for, port included: Remix's adapter would otherwise take the
      // port of the proxy's own Host header.
      const forwardedHost = String(req.headers['x-forwarded-host'] ?? '').split(',')[0].trim();
      if (forwardedHost) req.headers.host = forwardedHost;
    }
    next();
  };
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
    // req.hostname reads X-Forwarded-Host only from a trusted proxy; without a port, lower-cased here.
    const hostname = (req.hostname ?? '').toLowerCase();
    if (hosts.has(hostname) || hosts.has(`[${hostname}]`)) return next();
    res.setHeader('Cache-Control', 'no-store');
    if (req.path === '/api' || req.path.startsWith('/api/')) {
      const body: ApiErrorResponse = { success: false, code: 'UNKNOWN_HOST', message: ERROR_MESSAGES.UNKNOWN_HOST };
      res.status(400).json(body);
      return;
    }
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
  const headers: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
  ];
  if (!development) headers.push(['Content-Security-Policy', pageCsp(nonce)]);
  // Over http it is ignored anyway.
  if (secure) headers.push(['Strict-Transport-Security', HSTS]);
  return headers;
}

/**
 * Headers every answer carries, and the page CSP with a fresh nonce (the admin router and the API's own
 * answers replace it with theirs). Without a CSP in development: Vite's dev server injects inline scripts.
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
