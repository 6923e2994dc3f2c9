import type { RequestHandler } from 'express';
import { Counter, Histogram } from 'prom-client';
import { SpanKind, context, contextFromCarrier, metricsRegistry, trace } from '@waybill/telemetry';

const requests = new Counter({
  name: 'waybill_http_requests_total', help: 'HTTP requests served, by service, route family, method and status',
  labelNames: ['service', 'family', 'method', 'status'], registers: [metricsRegistry],
});
const latency = new Histogram({
  name: 'waybill_http_request_duration_seconds', help: 'HTTP request latency, by service, route family and method',
  labelNames: ['service', 'family', 'method'], buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

const OPERATIONAL = ['healthz', 'readyz', 'metrics', 'docs', 'openapi.json', 'console', 'ingest'];

/** Bounded label values: the resource family after the company segment, never ids. */
export function familyOf(path: string): string {
  const m = /\/compan(?:y|ies)\/[^/]+\/([a-z_-]+)/.exec(path);
  if (m) return m[1];
  const first = path.split('/')[1] ?? '';
  return OPERATIONAL.includes(first) ? first : 'other';
}

/**
 * A server span per request, continuing the caller's `traceparent` (the gateway's client span, or the
 * client's own), plus the request rate/latency/error series. Probes and scrapes are counted but not
 * traced: they would bury the traces that matter.
 */
export function observeRequests(service: string): RequestHandler {
  const tracer = trace.getTracer(service);
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    const family = familyOf(req.path);
    const traced = !['healthz', 'readyz', 'metrics'].includes(family);
    const span = traced
      ? tracer.startSpan(`${req.method} ${family}`, {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': req.method, 'url.path': req.path, 'waybill.service': service },
      }, contextFromCarrier(req.headers as Record<string, unknown>))
      : undefined;
    res.on('finish', () => {
      requests.inc({ service, family, method: req.method, status: String(res.statusCode) });
      latency.observe({ service, family, method: req.method }, Number(process.hrtime.bigint() - start) / 1e9);
      if (span) {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: 2 });
        span.end();
      }
    });
    if (!span) return next();
    context.with(trace.setSpan(context.active(), span), next);
  };
}
