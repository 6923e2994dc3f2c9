import { randomUUID } from 'node:crypto';
import { validateEvent } from '@waybill/contracts';
import type { EventEnvelope } from './types';

export type TraceContext = NonNullable<EventEnvelope['trace']>;

export class InvalidEnvelopeError extends Error {
  override name = 'InvalidEnvelopeError';
}

export function newEnvelope<T>(type: string, company: string, data: T, trace?: TraceContext): EventEnvelope<T> {
  return {
    id: randomUUID(),
    type,
    occurred_at: new Date().toISOString(),
    company,
    data,
    ...(trace && (trace.traceparent || trace.tracestate) ? { trace } : {}),
  };
}

/**
 * Checks an envelope against contracts/events (the envelope schema, and the data schema of its type
 * when contracts knows the type) before it enters the outbox, so a malformed event fails the
 * producer's transaction instead of reaching consumers.
 */
export function validateEnvelope(e: unknown): asserts e is EventEnvelope {
  const result = validateEvent(e);
  if (result.ok) return;
  const problems = Object.entries(result.errors).map(([path, messages]) => `${path}: ${messages.join(' ')}`);
  throw new InvalidEnvelopeError(`invalid event envelope: ${problems.join('; ')}`);
}

/**
 * Parses a message body from the wire. Consumers only need id and type to route and deduplicate;
 * anything that is not even that is poison and goes to the dead-letter queue.
 */
export function decodeEnvelope(body: Buffer | string): EventEnvelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    throw new InvalidEnvelopeError('message body is not JSON');
  }
  const v = parsed as Partial<EventEnvelope> | null;
  if (typeof v !== 'object' || v === null || typeof v.id !== 'string' || typeof v.type !== 'string') {
    throw new InvalidEnvelopeError('message body is not an event envelope');
  }
  return v as EventEnvelope;
}
