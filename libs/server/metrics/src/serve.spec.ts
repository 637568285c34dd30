import { Counter } from 'prom-client';
import { createRegistry } from './registry';
import { serveMetrics } from './serve';

describe(serveMetrics.name, () => {
  it('answers GET /metrics in the exposition format with the process metrics and the app label, and 404 otherwise', async () => {
    const registry = createRegistry('worker');
    new Counter({ name: 'aipm_example_total', help: 'an example', registers: [registry] }).inc(3);
    const server = await serveMetrics(registry, { port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      expect(text).toContain('aipm_example_total{app="worker"} 3');
      expect(text).toMatch(/^aipm_process_resident_memory_bytes\{app="worker"\} \d+/m);
      expect(text).toMatch(/^aipm_nodejs_eventloop_lag_seconds\{app="worker"\} /m);
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
