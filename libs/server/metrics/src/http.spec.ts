import { createServer, type IncomingMessage, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpMetrics } from './http';
import { METRIC_NAMES } from './names';
import { createRegistry } from './registry';

describe(httpMetrics.name, () => {
  it('counts and times requests by method, route pattern and status, and a dropped request as 499', async () => {
    const registry = createRegistry('api');
    const middleware = httpMetrics(registry, (request: IncomingMessage) => (request.url?.startsWith('/api/leads/') ? '/api/leads/:id' : 'other'));
    const server = createServer((request, response) =>
      middleware(request, response, () => {
        if (request.url === '/slow') return; // never answered: the client gives up
        response.statusCode = request.url === '/api/leads/2' ? 404 : 200;
        response.end('ok');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await fetch(`${base}/api/leads/1`);
      await fetch(`${base}/api/leads/1`);
      await fetch(`${base}/api/leads/2`);
      await new Promise<void>((resolve) => {
        const dropped = httpRequest(`${base}/slow`);
        dropped.on('error', () => resolve());
        dropped.end();
        setTimeout(() => dropped.destroy(), 50);
      });
      // The server sees the close a moment later.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const text = await registry.metrics();
      expect(text).toContain(`${METRIC_NAMES.httpRequests}{method="GET",route="/api/leads/:id",status="200",app="api"} 2`);
      expect(text).toContain(`${METRIC_NAMES.httpRequests}{method="GET",route="/api/leads/:id",status="404",app="api"} 1`);
      expect(text).toContain(`${METRIC_NAMES.httpRequests}{method="GET",route="other",status="499",app="api"} 1`);
      expect(text).toContain(`${METRIC_NAMES.httpDuration}_count{app="api",method="GET",route="/api/leads/:id"} 3`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
