import { SpanKind, contextFromCarrier, currentTraceCarrier, inSpan, processCounter } from '@waybill/telemetry';
import type { EventBus, EventEnvelope, EventHandler } from './types';

/**
 * Publishes inside a producer span that continues the trace the event was written in (its
 * envelope's `trace`); the copy on the wire carries the producer span's context, so consumers are
 * its children. The stored outbox row is untouched.
 */
export function publishTraced(bus: EventBus, event: EventEnvelope): Promise<void> {
  if (!event.trace?.traceparent) return bus.publish(event);
  return inSpan('outbox', `publish ${event.type}`, {
    kind: SpanKind.PRODUCER, parent: contextFromCarrier(event.trace),
    attributes: { 'messaging.system': 'rabbitmq', 'messaging.destination.name': event.type, 'messaging.message.id': event.id },
  }, () => bus.publish({ ...event, trace: currentTraceCarrier() ?? event.trace }));
}

const handled = processCounter(
  'waybill_events_handled_total', 'Events this process handled, by queue and outcome (error: retried later or dead-lettered)', ['queue', 'outcome'],
);

/**
 * Runs a subscriber's handler in a consumer span continuing the event's trace (a new trace without one),
 * and counts it: per process, so the share each replica of a competing consumer took shows on /metrics.
 */
export function consumeTraced(queue: string, handler: EventHandler): EventHandler {
  return (event) => inSpan('consumer', `consume ${event.type}`, {
    kind: SpanKind.CONSUMER, parent: event.trace?.traceparent ? contextFromCarrier(event.trace) : undefined,
    attributes: { 'messaging.destination.name': queue, 'messaging.message.id': event.id, 'messaging.event.type': event.type },
  }, () => handler(event)).then(
    () => { handled.inc({ queue, outcome: 'ok' }); },
    (err: unknown) => {
      handled.inc({ queue, outcome: 'error' });
      throw err;
    },
  );
}
