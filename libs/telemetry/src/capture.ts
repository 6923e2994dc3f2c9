import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { addSpanProcessor, initTracing } from './tracing';

/**
 * Keeps every span this process ends, in memory: for tests that check a trace end to end, and for
 * a debugging session without a collector. Installs tracing if nothing has yet.
 */
export function captureSpans(): { spans(): ReadableSpan[]; stop(): void } {
  initTracing('waybill');
  const exporter = new InMemorySpanExporter();
  const remove = addSpanProcessor(new SimpleSpanProcessor(exporter));
  return { spans: () => exporter.getFinishedSpans(), stop: () => { remove(); exporter.reset(); } };
}
