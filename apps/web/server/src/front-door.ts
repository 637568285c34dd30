/**
 * The one front door: server-rendered public pages (Remix), the back-office build under /admin, and
 * /api/** forwarded to the NestJS API. Built as a function so tests mount it without listening.
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';

import { type ApiErrorResponse, ERROR_MESSAGES } from '@aipm/contracts';
import { acceptRequestId, leftByTheClient, REDACTED_LOG_PATHS, REDACTION_CENSOR, REQUEST_ID_HEADER, requestLogSerializers } from '@aipm/config';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

import { refuseBadRequests } from './bad-request';
import { createPageFastPath, maxPageCacheEntries, PageCache, type PageCacheVisitor } from './page-cache';
import { createRemixHandler } from './remix-handler';
import { createStorageProxy, type StorageProxyOptions } from './storage-proxy';
import { ADMIN_CSP, allowedHosts, cspNonceOf, dropUntrustedForwarding, refuseUnknownHosts, securityHeaders, trustedProxies } from './security';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const ADMIN_BUILD_COMMAND = 'npm run build -w @aipm/admin';
// Health probes run every few seconds; the API reports its own state.
const HEALTH_PATH = '/api/health';

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
 * answer's (a crawl run 50 s, the crawler test 45 s, a test call 10 s per provider).
 */
const LONG_LIVED_API =
  /^\/api\/admin\/(?:crawler\/events|queues(?:\/.*)?|crawl\/run|zhaopin\/search|crawler-config\/test|test-phone|test-aliyun|test-aliyun-phone)$|^\/api\/(?:.+\/)?export$/;

export interface FrontDoorOptions {
  /** Where /api/** is forwarded (path kept), e.g. http://127.0.0.1:3001. */
  apiUrl: string;
  /** Folder of the admin build (`apps/admin/dist`). */
  adminDist: string;
  /** The Remix server build, or a loader of it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the Remix client build; required unless `devMiddleware` is given. */
  clientDir?: string;
  /** Vite's middlewares in development. */
  devMiddleware?: RequestHandler;
  /** Defaults to {@link createLogger}('info'). */
  logger?: Logger;
  mode?: 'production' | 'development';
  /** TRUST_PROXY: the proxies whose X-Forwarded-* are believed (none by default: this is the edge). */
  trustProxy?: string;
  /** SITE_URL, whose host is served. */
  siteUrl?: string;
  /** PUBLIC_HOSTS: further host names served besides SITE_URL's and the loopback names. */
  publicHosts?: string;
  /** S3_ENDPOINT and S3_BUCKET: the store served under /storage for presigned uploads and views (ADR 019); /storage is a 404 without. */
  storage?: StorageProxyOptions;
  /** Answer `/` and the legal pages from the rendered-page cache before Express (ADR 032); on unless false. Production builds only. */
  pageCache?: boolean;
  /** How long /api calls may wait on the API; {@link API_TIMEOUTS} by default (tests shorten them). */
  apiTimeouts?: ApiTimeouts;
}

/** JSON logger of the web process; credentials are redacted as in the API (`@aipm/config`). */
export function createLogger(level: LevelWithSilent, destination: DestinationStream = pino.destination({ dest: 1, sync: true })): Logger {
  return pino({ level, base: { app: 'web' }, redact: { paths: [...REDACTED_LOG_PATHS], censor: REDACTION_CENSOR } }, destination);
}

export function createFrontDoor(options: FrontDoorOptions): Express {
  const { apiUrl, adminDist, build, clientDir, devMiddleware, mode = 'production' } = options;
  const logger = options.logger ?? createLogger('info');
  if (!devMiddleware && !clientDir) throw new Error('createFrontDoor: clientDir is required without devMiddleware');

  const app = express();
  app.disable('x-powered-by');
  const proxies = trustedProxies(options.trustProxy);
  app.set('trust proxy', proxies.length ? proxies : false);

  app.use(dropUntrustedForwarding(proxies));
  app.use(assignRequestId);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => requestIdOf(req),
      // A call forwarded to the API is the API's line, under the same request id: one line per request. What goes
      // wrong on the way (no answer, a timeout, an answer cut short) the proxy logs itself (createApiProxy).
      // A page view fetches a dozen files: their lines would bury the pages and API calls (debug shows them), as
      // would a visitor leaving before the answer ended.
      customLogLevel: (req, res, err) =>
        forwardedToTheApi(req)
          ? 'silent'
          : err || res.statusCode >= 500
            ? 'error'
            : leftByTheClient(res, err) || (res.statusCode < 400 && isStaticFile(req.url))
              ? 'debug'
              : 'info',
      autoLogging: { ignore: (req) => req.url === HEALTH_PATH },
      serializers: requestLogSerializers,
    }),
  );
  app.use(refuseUnknownHosts(allowedHosts(options.siteUrl, options.publicHosts)));
  app.use(securityHeaders({ development: Boolean(devMiddleware) }));
  // Bad percent-encoding, and bodies no page takes: 4xx in the API's envelope, not Remix's 500 (ADR 038).
  app.use(refuseBadRequests());

  // Before compression: API answers pass through untouched (the API decides its own encoding, and
  // streamed answers must not be buffered).
  app.use(createApiProxy(apiUrl, options.apiTimeouts ?? API_TIMEOUTS));
  if (options.storage) app.use(createStorageProxy(options.storage));
  app.use(compression());

  // Source maps are never published, whatever a build leaves behind.
  app.get(/\.map$/i, notFound);

  // Bull Board is served by the API behind the administrator session (/api/admin/queues, which the
  // proxy above forwards); its UI loads everything under that path, so /admin/queues only redirects.
  app.get(/^\/admin\/queues(\/.*)?$/, (req, res) => res.redirect(302, `/api${req.originalUrl}`));
  app.use('/admin', createAdminRouter(adminDist));

  if (devMiddleware) {
    app.use(devMiddleware);
  } else if (clientDir) {
    // Remix's hashed files never change under one name.
    app.use(
      '/assets',
      express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false, redirect: false }),
    );
    app.use('/assets', notFound);
    app.use(express.static(clientDir, { maxAge: '1h', index: false, redirect: false }));
  }

  app.all(
    '*',
    createRemixHandler({
      build,
      mode,
      // The shape the Remix app declares in apps/web/app/load-context.ts.
      getLoadContext: (req, res) => ({
        requestId: requestIdOf(req),
        cspNonce: cspNonceOf(res),
        apiUrl,
        // The lead forms' action forwards it to the API as the last X-Forwarded-For hop, as the /api proxy does.
        remoteAddress: req.socket.remoteAddress,
      }),
    }),
  );

  const unhandledError: ErrorRequestHandler = (err, req, res, next) => {
    req.log.error({ err }, 'unhandled error');
    if (res.headersSent) return next(err);
    res.status(500).type('text/plain').send('Internal Server Error');
  };
  app.use(unhandledError);

  return app;
}

/**
 * The front door as Node's request listener: `/` and the legal pages from the page cache's fast path (ADR 032),
 * everything else, and any page the cache declines or cannot render, through Express.
 */
export function createFrontDoorListener(options: FrontDoorOptions, app: Express = createFrontDoor(options)): RequestListener {
  const logger = options.logger ?? createLogger('info');
  const visitor = (typeof options.build === 'function' ? undefined : (options.build.entry.module as { pageCacheVisitor?: PageCacheVisitor }).pageCacheVisitor);
  if (options.pageCache === false || options.devMiddleware || options.mode === 'development' || typeof options.build === 'function' || !visitor) return app;
  const maxEntries = maxPageCacheEntries(allowedHosts(options.siteUrl, options.publicHosts));
  const cache = new PageCache({ build: options.build, apiUrl: options.apiUrl, logger, visitor, maxEntries });
  const fastPath = createPageFastPath({
    cache,
    visitor,
    logger,
    trustProxy: trustedProxies(options.trustProxy),
    siteUrl: options.siteUrl,
    publicHosts: options.publicHosts,
  });
  return (req, res) => {
    const answered = fastPath(req, res);
    if (answered === false) return void app(req, res);
    answered.then(
      (done) => {
        if (!done) app(req, res);
      },
      (error: unknown) => {
        logger.error({ err: error, url: req.url }, 'page cache: answer failed');
        if (!res.headersSent) app(req, res);
        else res.destroy();
      },
    );
  };
}

/**
 * What kind of request the front door answered, for its metrics (a few fixed labels, never the URL): a proxied API
 * call, a stored file, the back office, a built file, or a page.
 */
export function frontDoorRouteOf(req: IncomingMessage): string {
  const pathname = (req.url ?? '/').split('?')[0]!;
  if (pathname.startsWith('/api/') || pathname === '/api') return 'api';
  if (pathname.startsWith('/storage/')) return 'storage';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'admin';
  return isStaticFile(pathname) ? 'asset' : 'page';
}

/** A built file (script, style, image, font, translation) rather than a page or an API call. */
function isStaticFile(url: string | undefined): boolean {
  const pathname = (url ?? '').split('?')[0];
  return !pathname.startsWith('/api/') && /\.(?:js|mjs|css|map|svg|png|jpe?g|webp|gif|ico|woff2?|json)$/i.test(pathname);
}

/** The id {@link assignRequestId} wrote on the request. */
function requestIdOf(req: IncomingMessage): string {
  return req.headers[REQUEST_ID_HEADER] as string;
}

const assignRequestId: RequestHandler = (req, res, next) => {
  const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
  // Written back on the request so the proxy forwards it and loaders see the same id.
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
};

const notFound: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').send('Not Found');
};

/** Set on a request the proxy forwards: the API logs it (see the request logger in createFrontDoor). */
const FORWARDED = Symbol('forwarded to the API');

function forwardedToTheApi(req: IncomingMessage): boolean {
  return (req as IncomingMessage & { [FORWARDED]?: true })[FORWARDED] === true;
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
function createApiProxy(apiUrl: string, timeouts: ApiTimeouts): RequestHandler {
  // Kept alive: no TCP handshake per call (and no TIME_WAIT socket left behind each). Sockets idle past the API's
  // Keep-Alive hint are closed first by Node's agent, so a call never goes out on one the API is closing. No cap:
  // event streams hold their sockets for hours and must not queue ordinary calls behind them.
  const agent = new http.Agent({ keepAlive: true });
  const boundOf = (req: IncomingMessage) => (LONG_LIVED_API.test((req.url ?? '').split('?')[0]!) ? timeouts.longLivedMs : timeouts.answerMs);

  return createProxyMiddleware<IncomingMessage & { log?: Logger }, ServerResponse>({
    target: apiUrl,
    pathFilter: (pathname) => pathname === '/api' || pathname.startsWith('/api/'),
    changeOrigin: true,
    xfwd: true,
    agent,
    on: {
      proxyReq: (proxyReq, req) => {
        (req as IncomingMessage & { [FORWARDED]?: true })[FORWARDED] = true;
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
        // An answer that starts and then falls silent would hold the browser as long as the stall. Silence is counted
        // only while the browser keeps up: a slow download pauses the API's stream without being the API's fault.
        const bound = boundOf(req);
        let timer = setTimeout(silent, bound);
        function silent() {
          if (proxyRes.isPaused()) {
            timer = setTimeout(silent, bound);
            return;
          }
          req.log?.warn({ url: req.url, status: proxyRes.statusCode, boundMs: bound }, 'API answer silent past its bound');
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
            req.log?.debug({ url: req.url, status: proxyRes.statusCode }, 'the browser left before the API\'s answer ended');
            return;
          }
          req.log?.warn({ url: req.url, status: proxyRes.statusCode }, 'API answer cut short; the browser\'s transfer is aborted');
          res.destroy();
        });
      },
      error: (err, req, res) => {
        const code = (err as NodeJS.ErrnoException).code;
        req.log?.warn({ err, code, apiUrl }, 'API request failed');
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
  }) as unknown as RequestHandler;
}

/**
 * The react-admin SPA: hashed assets cached for a year, index.html revalidated on every load and
 * answered for any deep link (/admin/login, /admin/students/123), but a missing file stays a 404.
 */
function createAdminRouter(adminDist: string): express.Router {
  const router = express.Router();
  const indexFile = path.join(adminDist, 'index.html');
  const hashedAssets = path.join(adminDist, 'assets') + path.sep;
  // Checked per request until found, so a server started before the admin build picks it up.
  let built = false;

  router.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', ADMIN_CSP);
    built ||= fs.existsSync(indexFile);
    if (built) return next();
    res.status(503).type('text/plain').send(`The back office (/admin) is not built. Run \`${ADMIN_BUILD_COMMAND}\`, then reload.`);
  });
  router.use(
    express.static(adminDist, {
      index: false,
      redirect: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', filePath.startsWith(hashedAssets) ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    }),
  );
  router.use('/assets', notFound);
  router.get('*', (req, res, next) => {
    // A path with a file extension is a file request, not a screen: do not answer it with the SPA.
    if (path.extname(req.path) !== '') return notFound(req, res, next);
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  router.all('*', notFound);
  return router;
}
