/**
 * The API gateway: /api and /api/** forwarded to the NestJS API, answered before the rest of the front door
 * (docs/decisions/059-front-door-cost.md). A call needs only what concerns an API call: which forwarded headers to
 * believe, the request id, the host check, a readable path, the security headers, and the forwarding itself. The
 * page chain (request logger, CSP nonce, compression, the page rules) costs a third of the hop and does nothing for
 * it. One log line per call: the API's, under the request id given here; this logs only what goes wrong on the way.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

import { acceptRequestId, REQUEST_ID_HEADER, requestLogSerializers } from '@aipm/config';
import { type ApiErrorResponse, ERROR_MESSAGES, type ErrorCode } from '@aipm/contracts';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';

import { isUtf8PercentEncoded } from './bad-request';
import { ownKeepAliveHint } from './keep-alive-hint';
import { apiSecurityHeaders, forwardingFilter, hostnameOf, servesHost } from './security';

/** How long the front door waits on the API before it gives up on a call (ADR 039). */
export interface ApiTimeouts {
  /** An ordinary call: until the API's answer starts (then 504 API_TIMEOUT), and at most this long silent after. */
  answerMs: number;
  /**
   * The same bound for the long-lived routes ({@link LONG_LIVED_API}): the crawl event stream, CSV exports, Bull Board,
   * and the calls that wait on the worker or a phone provider.
   */
  longLivedMs: number;
}

/**
 * Far above any ordinary API answer (the slowest, a list at 100,000 rows, takes well under a second; the lead form's
 * own call to the API gives up after 10 s) and far below a browser's or a person's patience.
 * The long-lived routes: the crawl event stream sends a keep-alive every 15 s, an export writes rows as it reads
 * them, and Bull Board's calls read whole queues; 120 s of silence from any of them means it is stuck.
 */
export const API_TIMEOUTS: ApiTimeouts = { answerMs: 15_000, longLivedMs: 120_000 };

/**
 * Routes that legitimately stream for long or start late: the crawl event stream (SSE), every CSV export, Bull Board,
 * and the calls that wait on the worker or a phone provider with bounds of their own, longer than an ordinary
 * answer's (a crawl run 50 s, the crawler test 45 s, a test call 10 s per provider); and a lead import's steps, one
 * transaction over up to 50,000 rows (20,000 took 19 s on a loaded machine, ADR 075): cut off at 15 s, the import
 * would still commit while the administrator was told it failed.
 */
const LONG_LIVED_API =
  /^\/api\/admin\/(?:crawler\/events|queues(?:\/.*)?|crawl\/run|zhaopin\/search|crawler-config\/test|test-phone|test-aliyun|test-aliyun-phone|lead-imports(?:\/preview|\/dry-run|\/[^/]+\/undo)?)$|^\/api\/(?:.+\/)?export$/;

export interface ApiGatewayOptions {
  /** Where /api/** is forwarded (path kept), e.g. http://127.0.0.1:3001. */
  apiUrl: string;
  timeouts: ApiTimeouts;
  logger: Logger;
  /** The proxies whose X-Forwarded-* are believed ({@link trustedProxies}). */
  proxies: string[];
  /** The host names served ({@link allowedHosts}). */
  hosts: Set<string>;
}

type Forward = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => unknown;

/** Whether a request is the API's: `/api` or below it (not `/apiary`). */
export function isApiCall(url: string | undefined): boolean {
  const pathname = (url ?? '/').split('?')[0]!;
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * A connect-style handler: answers the API's calls, passes anything else on (`next()`). Mounted first in the
 * front door's Express app, so tests and development take the same path.
 */
export function createApiGateway(options: ApiGatewayOptions): Forward {
  const keepTrustedForwarding = forwardingFilter(options.proxies);
  // A line about a call carries its request id, as the API's does; made only when there is something to say.
  const logOf = (req: IncomingMessage) =>
    options.logger.child({ req: requestLogSerializers.req({ id: req.headers[REQUEST_ID_HEADER], method: req.method ?? 'GET', url: req.url ?? '/', remoteAddress: req.socket.remoteAddress }) });
  const forward = createApiProxy(options.apiUrl, options.timeouts, logOf);

  return (req, res, next) => {
    if (!isApiCall(req.url)) return next();
    keepTrustedForwarding(req);
    const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
    // Written back on the request so the proxy forwards it: the API logs the call under it.
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    // X-Forwarded-Proto is left only when a trusted proxy sent it.
    const secure = Boolean((req.socket as TLSSocket).encrypted) || String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]!.trim() === 'https';
    for (const [name, value] of secure ? HEADERS_OVER_HTTPS : HEADERS_OVER_HTTP) res.setHeader(name, value);
    if (!servesHost(options.hosts, hostnameOf(req))) return refuse(res, 'UNKNOWN_HOST');
    // What the API answers a path it cannot read, before the hop (ADR 038).
    if (!isUtf8PercentEncoded(req.url!.split('?')[0]!)) return refuse(res, 'BAD_REQUEST');
    return forward(req, res, next);
  };
}

const HEADERS_OVER_HTTP = apiSecurityHeaders(false);
const HEADERS_OVER_HTTPS = apiSecurityHeaders(true);

/** 400 in the API's envelope, never cached. */
function refuse(res: ServerResponse, code: Extract<ErrorCode, 'UNKNOWN_HOST' | 'BAD_REQUEST'>): void {
  const body: ApiErrorResponse = { success: false, code, message: ERROR_MESSAGES[code] };
  res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The error a call that waited past its bound fails with (answered 504 API_TIMEOUT). */
const API_TIMEOUT_CODE = 'API_TIMEOUT';

function apiError(code: 'API_UNAVAILABLE' | 'API_TIMEOUT'): string {
  const body: ApiErrorResponse = { success: false, code, message: ERROR_MESSAGES[code] };
  return JSON.stringify(body);
}

/**
 * Forwards /api and /api/** with the path unchanged, over a pool of kept-alive connections, and never waits on the
 * API for ever (ADR 039): no answer within the bound is a 504 API_TIMEOUT, a connection that dies before the answer
 * a 502 API_UNAVAILABLE, and an answer that falls silent midway is aborted for the browser too.
 */
function createApiProxy(apiUrl: string, timeouts: ApiTimeouts, logOf: (req: IncomingMessage) => Logger): Forward {
  // Kept alive: no TCP handshake per call (and no TIME_WAIT socket left behind each). Sockets idle past the API's
  // Keep-Alive hint are closed first by Node's agent, so a call never goes out on one the API is closing. No cap:
  // event streams hold their sockets for hours and must not queue ordinary calls behind them.
  const agent = new http.Agent({ keepAlive: true });
  const boundOf = (req: IncomingMessage) => (LONG_LIVED_API.test((req.url ?? '').split('?')[0]!) ? timeouts.longLivedMs : timeouts.answerMs);

  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: apiUrl,
    // Without the default logger plugin, which builds a URL and a line for every answer for a logger never set here
    // (this gateway logs what goes wrong itself); the error plugin is replaced by `on.error` below.
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
    changeOrigin: true,
    xfwd: true,
    agent,
    on: {
      proxyReq: (proxyReq, req) => {
        // The pool's rule, not the browser's: its Connection is about its own connection to us.
        proxyReq.setHeader('Connection', 'keep-alive');
        const bound = boundOf(req);
        const timer = setTimeout(() => {
          // Destroying the request closes its socket (an answer arriving later must not land on a reused one)
          // and fails it with this error, which the error handler answers as a 504.
          proxyReq.destroy(Object.assign(new Error(`the API did not answer within ${bound} ms`), { code: API_TIMEOUT_CODE }));
        }, bound);
        proxyReq.once('response', () => clearTimeout(timer));
        proxyReq.once('close', () => clearTimeout(timer));
      },
      proxyRes: (proxyRes, req, res) => {
        ownKeepAliveHint(proxyRes, res);
        // An answer that starts and then falls silent would hold the browser as long as the stall. Silence is counted
        // only while the browser keeps up: a slow download pauses the API's stream without being the API's fault.
        const bound = boundOf(req);
        let timer = setTimeout(silent, bound);
        function silent() {
          if (proxyRes.isPaused()) {
            timer = setTimeout(silent, bound);
            return;
          }
          logOf(req).warn({ url: req.url, status: proxyRes.statusCode, boundMs: bound }, 'API answer silent past its bound');
          proxyRes.destroy();
        }
        proxyRes.on('data', () => timer.refresh());
        // An API answer cut midway (a CSV export whose database failed after the header, or one silent too long)
        // reaches the browser cut too: piping alone would leave the browser's response open for ever, neither ended
        // nor failed, and ending it would pass a short file off as whole. Destroyed, it is a failed download.
        proxyRes.once('close', () => {
          clearTimeout(timer);
          if (proxyRes.complete || res.writableEnded) return;
          // The browser left first (a closed tab, a cancelled download, an event stream left): the proxy dropped the
          // API's answer for it. Normal traffic, not the API's failure.
          if (res.destroyed || !res.socket || res.socket.destroyed) {
            logOf(req).debug({ url: req.url, status: proxyRes.statusCode }, 'the browser left before the API\'s answer ended');
            return;
          }
          logOf(req).warn({ url: req.url, status: proxyRes.statusCode }, 'API answer cut short; the browser\'s transfer is aborted');
          res.destroy();
        });
      },
      error: (err, req, res) => {
        const code = (err as NodeJS.ErrnoException).code;
        logOf(req).warn({ err, code, apiUrl }, 'API request failed');
        // An upgraded connection (WebSocket) has only its socket left to close.
        if (!('writeHead' in res)) {
          (res as Socket).destroy();
          return;
        }
        // Part of the answer is out: aborting (no final chunk) is the only way left to say it failed.
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const timedOut = code === API_TIMEOUT_CODE || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT';
        const status = timedOut ? 504 : 502;
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(apiError(timedOut ? 'API_TIMEOUT' : 'API_UNAVAILABLE'));
      },
    },
  }) as Forward;
}

