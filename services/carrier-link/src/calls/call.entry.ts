import { randomUUID } from 'node:crypto';
import type { CarrierCallRecord } from '@waybill/carriers';
import { redactBody, redactUrl } from './call.redaction';
import type { CallOutcome, ErrorSource, NewCarrierCall } from './call.table';

/** Whom a call was made for: the company, its account, the consignment (none for a batched poll or a check). */
export interface CallAttribution {
  company: string;
  account: string | null;
  consignment: string | null;
  /** The account's secret credential values: masked wherever they would appear. */
  secrets: readonly string[];
}

/** The client's operation names, as the call log shows them. */
const OPERATIONS: Record<string, string> = { ship: 'book', check: 'account_check' };

/** What the attempt came to, and whose failure it was: the carrier's answer, the network's silence, or Waybill's decision not to send. */
const CLASSES: Record<CarrierCallRecord['outcome'], [CallOutcome, ErrorSource | null]> = {
  ok: ['success', null],
  rejected: ['refused', 'carrier'],
  rate_limited: ['refused', 'carrier'],
  unavailable: ['failed', 'carrier'],
  timeout: ['timeout', 'network'],
  network: ['failed', 'network'],
  circuit_open: ['failed', 'waybill'],
};

const MESSAGE_KEYS = ['message', 'errormessage', 'description', 'errordescription', 'error_description', 'detail', 'title', 'httpmessage'];

/** The carrier's own wording of a refusal, wherever its error body puts it (`errors[0].message`, `detail`...). */
export function carrierMessage(body: unknown, depth = 0): string | null {
  if (depth > 4 || body === null || typeof body !== 'object') return null;
  if (Array.isArray(body)) {
    for (const v of body) {
      const m = carrierMessage(v, depth + 1);
      if (m) return m;
    }
    return null;
  }
  const entries = Object.entries(body);
  for (const key of MESSAGE_KEYS) {
    const hit = entries.find(([k, v]) => k.toLowerCase() === key && typeof v === 'string' && v.trim());
    if (hit) return (hit[1] as string).trim().slice(0, 1000);
  }
  for (const [, v] of entries) {
    const m = carrierMessage(v, depth + 1);
    if (m) return m;
  }
  return null;
}

/**
 * The first error a carrier reported inside a 2xx answer (Royal Mail answers a refused order 200 with
 * `failedOrders[].errors[]`): a non-empty `errors` array anywhere in the body.
 */
export function embeddedError(body: unknown, depth = 0): Record<string, unknown> | null {
  if (depth > 4 || body === null || typeof body !== 'object') return null;
  if (Array.isArray(body)) {
    for (const v of body) {
      const e = embeddedError(v, depth + 1);
      if (e) return e;
    }
    return null;
  }
  for (const [k, v] of Object.entries(body)) {
    if (k.toLowerCase() === 'errors' && Array.isArray(v) && v[0] && typeof v[0] === 'object') return v[0] as Record<string, unknown>;
    const e = embeddedError(v, depth + 1);
    if (e) return e;
  }
  return null;
}

const codeOf = (e: Record<string, unknown>): string | null => {
  const code = e.code ?? e.errorCode;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : null;
};

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));

/** The row to store for one attempt: classified, and redacted before it leaves memory. */
export function callRow(call: CarrierCallRecord, who: CallAttribution): NewCarrierCall {
  let [outcome, errorSource] = CLASSES[call.outcome] ?? ['failed', 'waybill'];
  let carrierCode = call.carrierCode;
  let fromCarrier = outcome === 'success' ? null : carrierMessage(call.response);
  const inAnswer = outcome === 'success' ? embeddedError(call.response) : null;
  if (inAnswer) {
    [outcome, errorSource] = ['refused', 'carrier'];
    carrierCode ??= codeOf(inAnswer);
    fromCarrier = carrierMessage(inAnswer);
  }
  const message = fromCarrier ?? call.error;
  return {
    id: randomUUID(),
    company: who.company,
    account_id: who.account,
    consignment_identifier: who.consignment,
    carrier: call.carrier,
    operation: OPERATIONS[call.operation] ?? call.operation,
    method: call.method,
    url: redactUrl(call.url, who.secrets),
    status_code: call.status,
    duration_ms: Math.max(0, Math.round(call.durationMs)),
    outcome,
    error_source: errorSource,
    carrier_code: carrierCode,
    message: message === null ? null : (redactBody(message, who.secrets) as string),
    request: json(redactBody(call.request, who.secrets)),
    response: json(redactBody(call.response, who.secrets)),
    at: call.startedAt.toISOString(),
  };
}
