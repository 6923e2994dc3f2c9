import type { RequestHandler } from 'express';
import { Counter, Histogram } from 'prom-client';
import { SpanKind, context, contextFromCarrier, metricsRegistry, trace, type Context } from '@waybill/telemetry';

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

/** One request being served: its trace context, and `done` to call once with the status it got. */
export interface ObservedRequest {
  /** The context handlers run in: the server span's, when the request is traced. */
  context: Context;
  done(status: number): void;
}

/**
 * A server span per request, continuing the caller's `traceparent` (the gateway's client span, or the
 * client's own), plus the request rate/latency/error series. Probes and scrapes are counted but not
 * traced: they would bury the traces that matter. Used by express (`observeRequests`) and by the
 * gateway's fast lane, which serves requests without express.
 */
export function observeRequest(service: string, method: string, path: string, headers: Record<string, unknown>): ObservedRequest {
  const start = process.hrtime.bigint();
  const family = familyOf(path);
  const traced = !['healthz', 'readyz', 'metrics'].includes(family);
  const span = traced
    ? trace.getTracer(service).startSpan(`${method} ${family}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': method, 'url.path': path, 'waybill.service': service },
    }, contextFromCarrier(headers))
    : undefined;
  return {
    context: span ? trace.setSpan(context.active(), span) : context.active(),
    done: (status) => {
      requests.inc({ service, family, method, status: String(status) });
      latency.observe({ service, family, method }, Number(process.hrtime.bigint() - start) / 1e9);
      if (span) {
        span.setAttribute('http.response.status_code', status);
        if (status >= 500) span.setStatus({ code: 2 });
        span.end();
      }
    },
  };
}

/** `observeRequest` as express middleware: handlers run in the request's trace context. */
export function observeRequests(service: string): RequestHandler {
  return (req, res, next) => {
    const observed = observeRequest(service, req.method, req.path, req.headers as Record<string, unknown>);
    res.on('finish', () => observed.done(res.statusCode));
    context.with(observed.context, next);
  };
}
