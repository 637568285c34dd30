// @ts-check
/**
 * Starts the front door: `node apps/web/server.mjs` after `npm run build -w @aipm/web`.
 * NODE_ENV=development serves the app through Vite's dev middleware instead of the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { EnvError, readFrontDoorEnv } from './server/env.mjs';
import { createFrontDoor, createLogger } from './server/front-door.mjs';

const SHUTDOWN_GRACE_MS = 10_000;
const webDir = path.dirname(fileURLToPath(import.meta.url));
const serverBuildFile = path.join(webDir, 'build', 'server', 'index.js');

/** @type {import('./server/env.mjs').FrontDoorEnv} */
let env;
try {
  env = readFrontDoorEnv(process.env);
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = createLogger(env.logLevel);
const adminDist = path.resolve(webDir, '..', 'admin', 'dist');

/** @type {import('./server/front-door.mjs').FrontDoorOptions} */
let frontDoorOptions;
if (env.production) {
  if (!fs.existsSync(serverBuildFile)) {
    console.error(`The web build is missing (${serverBuildFile}). Run \`npm run build -w @aipm/web\` first.`);
    process.exit(1);
  }
  frontDoorOptions = {
    apiUrl: env.apiUrl,
    adminDist,
    logger,
    build: await import(pathToFileURL(serverBuildFile).href),
    clientDir: path.join(webDir, 'build', 'client'),
  };
} else {
  const vite = await import('vite');
  const viteDevServer = await vite.createServer({ root: webDir, server: { middlewareMode: true } });
  frontDoorOptions = {
    apiUrl: env.apiUrl,
    adminDist,
    logger,
    mode: 'development',
    devMiddleware: viteDevServer.middlewares,
    build: () =>
      /** @type {Promise<import('@remix-run/node').ServerBuild>} */ (
        viteDevServer.ssrLoadModule('virtual:remix/server-build')
      ),
  };
}

const app = createFrontDoor(frontDoorOptions);
const server = app.listen(env.port, env.host, () => {
  logger.info({ host: env.host, port: env.port, apiUrl: env.apiUrl, adminDist }, 'web front door listening');
});
server.on('error', (error) => {
  logger.fatal({ err: error }, 'web front door could not start');
  process.exit(1);
});

let stopping = false;
/** @param {NodeJS.Signals} signal */
function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
  // close() stops accepting and (Node ≥ 19) drops idle keep-alive sockets; busy ones close after their response.
  server.close((error) => {
    if (error) logger.error({ err: error }, 'error while closing');
    logger.info('web front door stopped');
    logger.flush();
    process.exit(0);
  });
  setTimeout(() => {
    logger.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'in-flight requests still open after the grace period: forcing exit');
    server.closeAllConnections();
    logger.flush();
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
