/**
 * Remix's Express adapter (@remix-run/express 2.x), with one difference: every request's signal is aborted
 * once its response is done. Remix v2 arms a `streamTimeout` timer for each document render and clears it only
 * when the request's signal aborts; the stock adapter aborts only a connection dropped mid-answer, so each
 * page left a 5-second timer, holding the page's data, behind it (ADR 041, "Open handles").
 */
import { createReadableStreamFromReadable, createRequestHandler, type ServerBuild, writeReadableStreamToWritable } from '@remix-run/node';
import type { AppLoadContext } from '@remix-run/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}

export function createRemixHandler({ build, mode, getLoadContext }: RemixHandlerOptions): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    const done = new AbortController();
    // 'close' follows both a finished answer and a dropped connection.
    res.on('close', () => done.abort());
    try {
      const response = await handle(remixRequest(req, done.signal), getLoadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The Fetch API request Remix reads, as the stock adapter builds it (host and port as Express resolves them). */
function remixRequest(req: ExpressRequest, signal: AbortSignal): Request {
  const forwardedPort = Number.parseInt(req.get('X-Forwarded-Host')?.split(':')[1] ?? '', 10);
  const hostPort = Number.parseInt(req.get('host')?.split(':')[1] ?? '', 10);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : '';
  // req.hostname honours the app's "trust proxy" setting; originalUrl keeps any mount path.
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = 'half';
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
