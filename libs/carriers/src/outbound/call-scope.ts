import { AsyncLocalStorage } from 'node:async_hooks';
import type { CallOutcome } from './carrier-metrics';

/**
 * One outbound attempt as the client saw it, before anything is redacted: whoever keeps it (carrier-link's
 * call log) removes credentials and elides images. Request headers are never handed over.
 */
export interface CarrierCallRecord {
  /** The carrier's identifier (`ups`). */
  carrier: string;
  /** The client's operation (`token`, `ship`, `void`, `track`...). */
  operation: string;
  method: string;
  /** The absolute URL with its query, as sent. */
  url: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  /** null when no answer came (timeout, connection failure, circuit open). */
  status: number | null;
  outcome: CallOutcome;
  /** The carrier's own error code, where its answer carried one. */
  carrierCode: string | null;
  /** Why no usable answer came (the CarrierCallError's message), or an unexpected failure's. */
  error: string | null;
  /** The body as sent: the JSON object, a form's fields, or undefined. */
  request: unknown;
  /** The body as received: parsed JSON, or the text. */
  response: unknown;
}

/** Receives each attempt made inside a scope; must return at once and never throw into the call. */
export type CarrierCallSink = (call: CarrierCallRecord) => void;

const scope = new AsyncLocalStorage<CarrierCallSink>();

/**
 * Runs `fn` with every outbound carrier call made inside it (tokens fetched on the way included) handed
 * to `sink`: this is how the caller attributes calls to the consignment and account they were made for.
 */
export function withCarrierCallSink<T>(sink: CarrierCallSink, fn: () => T): T {
  return scope.run(sink, fn);
}

/** The sink of the current scope, if any. */
export function currentCarrierCallSink(): CarrierCallSink | undefined {
  return scope.getStore();
}
