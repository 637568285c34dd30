/**
 * Starts the front door: `node apps/web/server/dist/main.js` after `npm run build`.
 * NODE_ENV=development serves the Remix app through Vite's dev middleware instead of its build.
 */
import fs from 'node:fs';
import http, { type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { answerUnparsableRequests, closeOnSignals, EnvValidationError, keepIdleConnectionsOpen } from '@aipm/config';
import { ERROR_MESSAGES } from '@aipm/contracts';
import { createRegistry, httpMetrics, serveMetrics } from '@aipm/metrics';
import type { ServerBuild } from '@remix-run/node';

import { createFrontDoorListener, createLogger, type FrontDoorOptions, frontDoorRouteOf } from './front-door';
import { loadWebEnv } from './web-env';

// Under start.mjs's 15 s before it kills the apps, and far above any page or proxied API answer.
const SHUTDOWN_GRACE_MS = 10_000;
// dist/ (or src/ under a test runner) → apps/web/server → apps/web
const webDir = path.resolve(__dirname, '..', '..');
const serverBuildFile = path.join(webDir, 'build', 'server', 'index.js');
const adminDist = path.resolve(webDir, '..', 'admin', 'dist');

async function main(): Promise<void> {
  const env = loadWebEnv();
  const logger = createLogger(env.logLevel);
  const common = { apiUrl: env.apiUrl, adminDist, logger, trustProxy: env.trustProxy, siteUrl: env.siteUrl, publicHosts: env.publicHosts, storage: env.storage };

  let options: FrontDoorOptions;
  if (env.production) {
    if (!fs.existsSync(serverBuildFile)) {
      throw new Error(`the web build is missing (${serverBuildFile}). Run \`npm run build -w @aipm/web\` first.`);
    }
    // The Remix build is ESM; import() stays a real dynamic import in this CommonJS output.
    const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
    options = { ...common, build, clientDir: path.join(webDir, 'build', 'client') };
  } else {
    const vite = await import('vite');
    const viteDevServer = await vite.createServer({ root: webDir, server: { middlewareMode: true } });
    options = {
      ...common,
      mode: 'development',
      devMiddleware: viteDevServer.middlewares,
      build: () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
    };
  }

  // Counted around the whole listener: the page cache answers before Express (docs/product/operations.md#metrics).
  const registry = createRegistry('web');
  const measure = httpMetrics(registry, frontDoorRouteOf);
  const frontDoor = createFrontDoorListener(options);
  const server = await listen((req, res) => measure(req, res, () => frontDoor(req, res)), env.port, env.host);
  logger.info({ host: env.host, port: env.port, apiUrl: env.apiUrl, adminDist }, 'web front door listening');
  try {
    const metrics = await serveMetrics(registry, env.metrics);
    logger.info(`web metrics on http://${env.metrics.host}:${metrics.port}/metrics`);
  } catch (error) {
    logger.warn(`web metrics not served on ${env.metrics.host}:${env.metrics.port}: ${(error as Error).message}`);
  }

  closeOnSignals(
    {
      // close() stops accepting and drops idle keep-alive sockets; busy ones close after their response.
      close: () =>
        new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))).then(() =>
          logger.info('web front door stopped'),
        ),
    },
    { timeoutMs: SHUTDOWN_GRACE_MS, log: (message) => logger.info(message) },
  );
}

function listen(listener: RequestListener, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(listener);
    keepIdleConnectionsOpen(server);
    server.listen(port, host, () => resolve(server));
    // A URL or headers past Node's limit: 431 with the API's error envelope rather than an empty answer.
    answerUnparsableRequests(server, (status) => {
      const code = status === 431 ? 'HEADERS_TOO_LARGE' : status === 408 ? 'REQUEST_FAILED' : 'BAD_REQUEST';
      return { success: false, code, message: ERROR_MESSAGES[code] };
    });
    server.once('error', reject);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvValidationError ? error.message : `web failed to start: ${String((error as Error)?.stack ?? error)}`);
  process.exit(1);
});
