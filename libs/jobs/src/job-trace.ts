import { SpanKind, contextFromCarrier, currentTraceCarrier, inSpan } from '@waybill/telemetry';
import type { Job, JobHandler, JobOptions } from './types';

export type TraceContext = NonNullable<JobOptions['trace']>;

/** What handlers receive: a Job that also carries the producer's trace context, when there was one. */
export type TracedJob<T = unknown> = Job<T> & { trace?: TraceContext };

/** Job data keys reserved by the driver; producers must not use them. */
export const TRACE_KEY = '__waybill_trace';
const VALUE_KEY = '__waybill_value';

/** Reads the trace context a job was enqueued with, to continue the trace in the worker. */
export function jobTrace(job: Job): TraceContext | undefined {
  return (job as TracedJob).trace;
}

export function embedTrace(data: unknown, trace: TraceContext | undefined): unknown {
  if (!trace) return data;
  // Object payloads keep their shape (readable in queue dashboards); anything else is wrapped.
  return isPlainObject(data) ? { ...data, [TRACE_KEY]: trace } : { [VALUE_KEY]: data, [TRACE_KEY]: trace };
}

export function extractTrace(stored: unknown): { data: unknown; trace?: TraceContext } {
  if (!isPlainObject(stored) || !(TRACE_KEY in stored)) return { data: stored };
  const { [TRACE_KEY]: trace, ...rest } = stored;
  return { data: VALUE_KEY in rest ? rest[VALUE_KEY] : rest, trace: trace as TraceContext };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The trace a job continues: the producer's explicit one, else the span active where it was enqueued. */
export function traceForEnqueue(opts: JobOptions): TraceContext | undefined {
  return opts.trace ?? currentTraceCarrier();
}

/** Runs each attempt of a job in its own span, a child of the span that enqueued it. */
export function tracedJobHandler<T>(queue: string, handler: JobHandler<T>): JobHandler<T> {
  return (job) => {
    const trace = jobTrace(job);
    return inSpan('jobs', `job ${queue}/${job.name}`, {
      kind: SpanKind.CONSUMER, parent: trace?.traceparent ? contextFromCarrier(trace) : undefined,
      attributes: { 'waybill.job.queue': queue, 'waybill.job.id': job.id, 'waybill.job.attempt': job.attempt },
    }, () => handler(job));
  };
}
