import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What serves the text: a registry, or prom-client's cluster aggregator (its `clusterMetrics()`). */
export interface MetricsSource {
  metrics(): Promise<string>;
  contentType: string;
}

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one the system gave for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics on an internal address of its own (METRICS_HOST:METRICS_PORT, 127.0.0.1 by default), never through
 * the front door: who can reach the port can read it. Anything else answers 404.
 */
export async function serveMetrics(registry: MetricsSource, { port, host }: { port: number; host: string }): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
