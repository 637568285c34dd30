import { Counter, Histogram, type Registry } from 'prom-client';
import { METRIC_NAMES } from './names';

interface RequestLike {
  method?: string;
}
interface ResponseLike {
  statusCode: number;
  once(event: 'finish' | 'close', listener: () => void): unknown;
}

/**
 * Requests counted and timed by method, route and status, as an Express-style middleware: `routeOf` names the route
 * once the request is answered (a route pattern, never a raw URL: ids and queries would make a series per request).
 */
export function httpMetrics<Req extends RequestLike, Res extends ResponseLike>(registry: Registry, routeOf: (request: Req) => string) {
  const requests = new Counter({ name: METRIC_NAMES.httpRequests, help: 'Requests answered, by method, route and status', labelNames: ['method', 'route', 'status'], registers: [registry] });
  const duration = new Histogram({
    name: METRIC_NAMES.httpDuration,
    help: 'Time to answer a request, by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (request: Req, response: Res, next: () => void): void => {
    const started = process.hrtime.bigint();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const method = request.method ?? 'GET';
      const route = routeOf(request);
      // A request the client dropped before the answer counts as status 499, as nginx says it.
      const status = response.statusCode && (response as { writableFinished?: boolean }).writableFinished !== false ? String(response.statusCode) : '499';
      requests.inc({ method, route, status });
      duration.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
    };
    response.once('finish', record);
    response.once('close', record);
    next();
  };
}
