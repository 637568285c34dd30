import type { Server } from 'node:http';

/**
 * How long a kept-alive connection may idle before the server closes it: longer than what sits in front of it keeps
 * an idle connection open (a load balancer's 60 s: nginx's upstream keepalive_timeout, most cloud balancers; the
 * front door's pool to the API; a browser's). Node's 5 s default closed connections the client was about to reuse:
 * a call sent on one in that instant fails as "socket hang up", and a POST is not retried (docs/decisions/059).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Sets {@link KEEP_ALIVE_TIMEOUT_MS} on `server`, and the headers' bound above it, as Node requires. */
export function keepIdleConnectionsOpen(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
