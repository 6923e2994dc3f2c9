import { Router, type RequestHandler } from 'express';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of the edge: request rate, latency and errors by route family and status. */
export function createMetrics(): { middleware: RequestHandler; routes: Router } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'waybill_gateway_' });
  const requests = new Counter({ name: 'waybill_http_requests_total', help: 'HTTP requests', labelNames: ['family', 'method', 'status'], registers: [registry] });
  const latency = new Histogram({
    name: 'waybill_http_request_duration_seconds', help: 'HTTP request latency', labelNames: ['family', 'method'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const family = familyOf(req.path);
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      requests.inc({ family, method: req.method, status: String(res.statusCode) });
      latency.observe({ family, method: req.method }, seconds);
    });
    next();
  };
  const routes = Router();
  routes.get('/metrics', async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  });
  return { middleware, routes };
}

/** Bounded label values: the resource family, never ids. */
function familyOf(path: string): string {
  const m = /\/company\/[^/]+\/([a-z_-]+)/.exec(path);
  if (m) return m[1];
  const first = path.split('/')[1];
  return ['healthz', 'readyz', 'metrics', 'docs', 'openapi.json', 'console', 'ingest', 'pod'].includes(first) ? first : 'other';
}
