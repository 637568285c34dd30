// @ts-check
/**
 * The one front door: server-rendered public pages (Remix), the back-office build under /admin, and
 * /api/** forwarded to the NestJS API. Built as a function so tests mount it without listening.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';

/** Incoming ids are reused only when they are short and log-safe; anything else gets a fresh UUID. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const API_UNAVAILABLE_MESSAGE = 'API 服务暂时不可用，请稍后重试';
const ADMIN_BUILD_COMMAND = 'npm run build -w @aipm/admin';

/**
 * @typedef {import('@remix-run/node').ServerBuild} ServerBuild
 * @typedef {import('express').Request} Request
 * @typedef {import('express').Response} Response
 * @typedef {import('express').NextFunction} NextFunction
 */

/**
 * @typedef {object} FrontDoorOptions
 * @property {string} apiUrl where /api/** is forwarded (path kept), e.g. http://127.0.0.1:3001
 * @property {string} adminDist folder of the admin build (`apps/admin/dist`)
 * @property {ServerBuild | (() => Promise<ServerBuild>)} build the Remix server build, or a loader of it (dev)
 * @property {string} [clientDir] folder of the Remix client build; required unless `devMiddleware` is given
 * @property {import('express').RequestHandler} [devMiddleware] Vite's middlewares in development
 * @property {import('pino').Logger} [logger] defaults to {@link createLogger}('info')
 * @property {'production' | 'development'} [mode]
 */

/**
 * JSON logger with credentials removed: cookies and authorization headers never reach the logs.
 * @param {import('pino').LevelWithSilent} level
 */
export function createLogger(level) {
  return pino({
    level,
    base: { app: 'web' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}

/**
 * @param {FrontDoorOptions} options
 * @returns {import('express').Express}
 */
export function createFrontDoor(options) {
  const { apiUrl, adminDist, build, clientDir, devMiddleware, mode = 'production' } = options;
  const logger = options.logger ?? createLogger('info');
  if (!devMiddleware && !clientDir) throw new Error('createFrontDoor: clientDir is required without devMiddleware');

  const app = express();
  app.disable('x-powered-by');

  app.use(assignRequestId);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => /** @type {string} */ (req.headers['x-request-id']),
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      // Health probes run every few seconds; the API reports its own state.
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      // One short line per request; headers (cookies among them) stay out of the logs.
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(baselineSecurityHeaders);

  // Before compression: API answers pass through untouched (the API decides its own encoding, and
  // streamed answers must not be buffered).
  app.use(createApiProxy(apiUrl));
  app.use(compression());

  // Source maps are never published, whatever a build leaves behind.
  app.get(/\.map$/i, notFound);

  // Bull Board is served by the API behind the administrator session (/api/admin/queues, which the
  // proxy above forwards); its UI loads everything under that path, so /admin/queues only redirects.
  app.get(/^\/admin\/queues(\/.*)?$/, (req, res) => res.redirect(302, `/api${req.originalUrl}`));
  app.use('/admin', createAdminRouter(adminDist));

  if (devMiddleware) {
    app.use(devMiddleware);
  } else {
    const client = /** @type {string} */ (clientDir);
    // Remix's hashed files never change under one name.
    app.use(
      '/assets',
      express.static(path.join(client, 'assets'), {
        immutable: true,
        maxAge: ONE_YEAR_SECONDS * 1000,
        index: false,
        redirect: false,
      }),
    );
    app.use('/assets', notFound);
    app.use(express.static(client, { maxAge: '1h', index: false, redirect: false }));
  }

  app.all(
    '*',
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req) => ({
        requestId: /** @type {string} */ (req.headers['x-request-id']),
        apiUrl,
        // The lead forms' action forwards it to the API as the last X-Forwarded-For hop, as the /api proxy does.
        remoteAddress: req.socket.remoteAddress,
      }),
    }),
  );

  app.use(
    /** @type {import('express').ErrorRequestHandler} */
    (err, req, res, next) => {
      req.log.error({ err }, 'unhandled error');
      if (res.headersSent) return next(err);
      res.status(500).type('text/plain').send('Internal Server Error');
    },
  );

  return app;
}

/** @type {import('express').RequestHandler} */
function assignRequestId(req, res, next) {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
  // Written back on the request so the proxy forwards it and loaders see the same id.
  req.headers['x-request-id'] = id;
  res.setHeader('x-request-id', id);
  next();
}

/** @type {import('express').RequestHandler} */
function baselineSecurityHeaders(_req, res, next) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  next();
}

/** @type {import('express').RequestHandler} */
function notFound(_req, res) {
  res.status(404).type('text/plain').send('Not Found');
}

/**
 * Forwards /api and /api/** with the path unchanged.
 * @param {string} apiUrl
 */
function createApiProxy(apiUrl) {
  return createProxyMiddleware({
    target: apiUrl,
    pathFilter: (pathname) => pathname === '/api' || pathname.startsWith('/api/'),
    changeOrigin: true,
    xfwd: true,
    on: {
      error: (err, req, res) => {
        const code = /** @type {NodeJS.ErrnoException} */ (err).code;
        /** @type {any} */ (req).log?.warn({ err, code, apiUrl }, 'API request failed');
        if (!('writeHead' in res)) {
          res.destroy();
          return;
        }
        if (res.headersSent) {
          res.end();
          return;
        }
        const status = code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' ? 504 : 502;
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ success: false, message: API_UNAVAILABLE_MESSAGE }));
      },
    },
  });
}

/**
 * The react-admin SPA: hashed assets cached for a year, index.html revalidated on every load and
 * answered for any deep link (/admin/login, /admin/students/123), but a missing file stays a 404.
 * @param {string} adminDist
 */
function createAdminRouter(adminDist) {
  const router = express.Router();
  const indexFile = path.join(adminDist, 'index.html');
  // Checked per request until found, so a server started before the admin build picks it up.
  let built = false;

  router.use((_req, res, next) => {
    built ||= fs.existsSync(indexFile);
    if (built) return next();
    res
      .status(503)
      .type('text/plain')
      .send(`The back office (/admin) is not built. Run \`${ADMIN_BUILD_COMMAND}\`, then reload.`);
  });
  router.use(
    express.static(adminDist, {
      index: false,
      redirect: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(adminDist, 'assets') + path.sep);
        res.setHeader('Cache-Control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    }),
  );
  router.use('/assets', notFound);
  router.get('*', (req, res) => {
    // A path with a file extension is a file request, not a screen: do not answer it with the SPA.
    if (path.extname(req.path) !== '') return notFound(req, res, () => undefined);
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  router.all('*', notFound);
  return router;
}
