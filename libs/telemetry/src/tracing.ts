import { context, propagation, trace, type Context, type Span, type SpanKind, type Attributes } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, SamplingDecision, type ReadableSpan, type Sampler, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** The W3C trace context as it travels in envelopes, job data and HTTP headers. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/**
 * Processors can be added after start (tests add an in-memory exporter), which the SDK's provider
 * does not allow; this one fans out to whatever is registered now.
 */
const processors: SpanProcessor[] = [];
const fanOut: SpanProcessor = {
  onStart: (span, ctx) => processors.forEach((p) => p.onStart(span, ctx)),
  onEnd: (span: ReadableSpan) => processors.forEach((p) => p.onEnd(span)),
  forceFlush: async () => { await Promise.all(processors.map((p) => p.forceFlush())); },
  shutdown: async () => { await Promise.all(processors.map((p) => p.shutdown())); },
};

/**
 * Spans are recorded only while something consumes them (an exporter, or a test's capture): with none,
 * every span is a non-recording one that still carries the trace context across hops, so the request
 * path pays for no attributes, timestamps or span objects that would be dropped anyway.
 */
const whileConsumed: Sampler = {
  shouldSample: () => ({ decision: processors.length > 0 ? SamplingDecision.RECORD_AND_SAMPLED : SamplingDecision.NOT_RECORD }),
  toString: () => 'WhileConsumed',
};

let provider: BasicTracerProvider | undefined;

/**
 * Installs tracing once per process: W3C propagation and an async-local context, so spans started
 * in the libs (HTTP, outbox, consumers, jobs) join one trace. Spans are exported over OTLP/HTTP only
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set; without it nothing leaves the process.
 */
export function initTracing(serviceName: string, env: Record<string, string | undefined> = process.env): void {
  if (provider) return;
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (endpoint) {
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` })));
  }
  provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? serviceName }),
    spanProcessors: [fanOut],
    sampler: whileConsumed,
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
}

export function addSpanProcessor(p: SpanProcessor): () => void {
  processors.push(p);
  return () => {
    const at = processors.indexOf(p);
    if (at >= 0) processors.splice(at, 1);
  };
}

/** Exports what is buffered (graceful shutdown). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

/** The context of the active span as a carrier, or undefined outside any trace. */
export function currentTraceCarrier(ctx: Context = context.active()): TraceCarrier | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  if (!carrier.traceparent) return undefined;
  return carrier.tracestate ? { traceparent: carrier.traceparent, tracestate: carrier.tracestate } : { traceparent: carrier.traceparent };
}

export function contextFromCarrier(carrier: TraceCarrier | Record<string, unknown> | undefined): Context {
  if (!carrier) return context.active();
  return propagation.extract(context.active(), carrier, {
    get: (c, key) => { const v = (c as Record<string, unknown>)[key]; return typeof v === 'string' ? v : undefined; },
    keys: (c) => Object.keys(c),
  });
}

export function currentTraceId(): string | undefined {
  return trace.getActiveSpan()?.spanContext().traceId;
}

/**
 * Runs `fn` in a new span (child of `parent`, else of the active span); ends it when `fn` settles
 * and marks it failed when `fn` throws.
 */
export async function inSpan<T>(
  tracerName: string, name: string, opts: { kind: SpanKind; parent?: Context; attributes?: Attributes },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = opts.parent ?? context.active();
  const span = trace.getTracer(tracerName).startSpan(name, { kind: opts.kind, attributes: opts.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: 2, message: (err as Error).message });
    throw err;
  } finally {
    span.end();
  }
}
