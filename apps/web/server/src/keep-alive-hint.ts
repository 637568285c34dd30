import type { IncomingMessage, ServerResponse } from 'node:http';

import { KEEP_ALIVE_TIMEOUT_MS } from '@aipm/config';

/**
 * Keep-Alive is hop-by-hop: an upstream's hint (the API's, the store's) is about its own connection to the front door.
 * The browser's connection is the front door's, with the front door's bound (keepIdleConnectionsOpen, main.ts), which
 * Node would not write itself beside the Connection header a proxy copies over. Called on a proxied answer's headers.
 */
export function ownKeepAliveHint(upstream: IncomingMessage, res: ServerResponse): void {
  delete upstream.headers['keep-alive'];
  if (res.shouldKeepAlive) upstream.headers['keep-alive'] = `timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`;
}
