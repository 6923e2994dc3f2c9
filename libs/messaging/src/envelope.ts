import { randomUUID } from 'node:crypto';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROUTING_KEY = /^[a-z0-9_-]+(\.[a-z0-9_-]+){2,}$/i;

/**
 * Structural check of an envelope before it enters the outbox. SWAP POINT: once @waybill/contracts
 * exports a validator for contracts/events/envelope.json (and the per-type data schemas), call it
 * here instead; every writer goes through this one function.
 */
export function validateEnvelopeShape(e: unknown): asserts e is EventEnvelope {
  const problems: string[] = [];
  const v = e as Partial<EventEnvelope> | null;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new InvalidEnvelopeError('envelope must be an object');
  if (typeof v.id !== 'string' || !UUID.test(v.id)) problems.push('id must be a uuid');
  if (typeof v.type !== 'string' || !ROUTING_KEY.test(v.type)) problems.push('type must be <context>.<object>.<action>');
  if (typeof v.occurred_at !== 'string' || Number.isNaN(Date.parse(v.occurred_at))) problems.push('occurred_at must be a date-time');
  if (typeof v.company !== 'string' || v.company === '') problems.push('company must be a non-empty string');
  if (!('data' in v) || v.data === undefined) problems.push('data is required');
  if (v.trace !== undefined && (typeof v.trace !== 'object' || v.trace === null)) problems.push('trace must be an object');
  if (problems.length) throw new InvalidEnvelopeError(`invalid event envelope: ${problems.join('; ')}`);
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
