import type { Job, JobOptions } from './types';

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
