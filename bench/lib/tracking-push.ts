import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Carrier tracking pushes as a carrier sends them (docs/api/tracking.md), for benchmarks and end-to-end
 * tests: `x-waybill-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed by the
 * carrier's ingest secret as raw UTF-8.
 */
export function signPush(secret: string, rawBody: string | Buffer, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.`).update(rawBody).digest('hex')}`;
}

/** The receiving side of `signPush`: a well-formed header whose HMAC matches and whose time is within 5 minutes. */
export function pushSignatureValid(secret: string, header: string, rawBody: Buffer): boolean {
  const m = /t=(\d+),v1=([0-9a-f]{64})/.exec(header);
  if (!m || Math.abs(Date.now() / 1000 - Number(m[1])) > 300) return false;
  return timingSafeEqual(createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${m[1]}.`).update(rawBody).digest(), Buffer.from(m[2], 'hex'));
}

export interface PushEvent {
  status?: string;
  carrier_code?: string;
  description?: string;
  location?: string;
  timestamp: string;
}

export interface PushResult {
  status: number;
  body: any;
  headers: Headers;
  /** Wall time from sending to the full answer, ms. */
  ms: number;
}

/** The generic body: each tracking number with its events. */
export function trackingBody(trackings: Record<string, PushEvent[]>): { trackings: Array<{ tracking_number: string; events: PushEvent[] }> } {
  return { trackings: Object.entries(trackings).map(([tracking_number, events]) => ({ tracking_number, events })) };
}

/** POSTs a push signed with `secret` (override the header with `signature` to test refusals). */
export async function sendPush(
  baseUrl: string, carrierId: string, secret: string, body: unknown, o: { signature?: string; path?: string; raw?: string } = {},
): Promise<PushResult> {
  const raw = o.raw ?? JSON.stringify(body);
  const started = performance.now();
  const res = await fetch(`${baseUrl}${o.path ?? `/ingest/v1/carriers/${carrierId}/tracking`}`, {
    method: 'POST', body: raw,
    headers: { 'content-type': 'application/json', 'x-waybill-signature': o.signature ?? signPush(secret, raw) },
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers, ms: performance.now() - started };
}
