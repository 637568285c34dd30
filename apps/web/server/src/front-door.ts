/**
 * The one front door: server-rendered public pages (Remix), the back-office build under /admin, and
 * /api/** forwarded to the NestJS API. Built as a function so tests mount it without listening.
 */
import fs from 'node:fs';
import type { IncomingMessage, RequestListener } from 'node:http';
import path from 'node:path';

import { acceptRequestId, leftByTheClient, REDACTED_LOG_PATHS, REDACTION_CENSOR, REQUEST_ID_HEADER, requestLogSerializers } from '@aipm/config';
import { SESSION_COOKIE_NAME } from '@aipm/contracts';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

import { API_TIMEOUTS, type ApiTimeouts, createApiGateway, isApiCall } from './api-gateway';
import { refuseBadRequests } from './bad-request';
import { createPageFastPath, maxPageCacheEntries, PageCache, type PageCacheVisitor } from './page-cache';
import { createRemixHandler } from './remix-handler';
import { createStorageProxy, type StorageProxyOptions } from './storage-proxy';
import { ADMIN_CSP, allowedHosts, cspNonceOf, dropUntrustedForwarding, refuseUnknownHosts, securityHeaders, trustedProxies } from './security';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const ADMIN_BUILD_COMMAND = 'npm run build -w @aipm/admin';

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

  const hosts = allowedHosts(options.siteUrl, options.publicHosts);

  // First: an API call needs none of the page chain below (docs/decisions/059-front-door-cost.md).
  app.use(createApiGateway({ apiUrl, timeouts: options.apiTimeouts ?? API_TIMEOUTS, logger, proxies, hosts }) as RequestHandler);
  app.use(dropUntrustedForwarding(proxies));
  app.use(assignRequestId);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => requestIdOf(req),
      // A page view fetches a dozen files: their lines would bury the pages (debug shows them), as would a visitor
      // leaving before the answer ended. API calls never come here: the API logs them (the gateway, above).
      customLogLevel: (req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : leftByTheClient(res, err) || (res.statusCode < 400 && isStaticFile(req.url)) ? 'debug' : 'info',
      serializers: requestLogSerializers,
    }),
  );
  app.use(refuseUnknownHosts(hosts));
  app.use(securityHeaders({ development: Boolean(devMiddleware) }));
  // Bad percent-encoding, and bodies no page takes: 4xx in the API's envelope, not Remix's 500 (ADR 038).
  app.use(refuseBadRequests());

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
  if (isApiCall(req.url)) return 'api';
  const pathname = (req.url ?? '/').split('?')[0]!;
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

/** Whether a request carries the session cookie, whatever its value: the API alone decides whether it is valid. */
function hasSessionCookie(req: express.Request): boolean {
  return (req.headers.cookie ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE_NAME}=`));
}

/**
 * The react-admin SPA: hashed assets cached for a year, index.html revalidated on every load and
 * answered for any deep link (/admin/login, /admin/students/123), but a missing file stays a 404.
 * A screen other than the sign-in page, asked for with a session cookie, gets signed-in.html instead: the same
 * page that also preloads react-admin's chunk, which such a screen needs at once (apps/admin/vite.config.ts,
 * ADR 083). The sign-in page's first load stays the entry alone.
 */
function createAdminRouter(adminDist: string): express.Router {
  const router = express.Router();
  const indexFile = path.join(adminDist, 'index.html');
  const signedInFile = path.join(adminDist, 'signed-in.html');
  const hashedAssets = path.join(adminDist, 'assets') + path.sep;
  // Checked per request until found, so a server started before the admin build picks it up.
  let built = false;
  // Likewise signed-in.html, which builds before it lack: looked for on a signed-in request until found.
  let signedInBuilt = false;

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
    // The page depends on the cookie: a cache between must not answer one visitor with another's.
    res.setHeader('Vary', 'Cookie');
    const signedIn = !/^\/login(?:\/|$)/.test(req.path) && hasSessionCookie(req) && (signedInBuilt ||= fs.existsSync(signedInFile));
    res.sendFile(signedIn ? signedInFile : indexFile);
  });
  router.all('*', notFound);
  return router;
}
