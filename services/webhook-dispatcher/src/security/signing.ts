import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 24 random bytes in base64, as the Standard Webhooks libraries make them. */
export function newSigningSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The HMAC key of a secret: the base64-decoded part after `whsec_`. */
function keyOf(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('signing secrets start with whsec_');
  return Buffer.from(secret.slice(PREFIX.length), 'base64');
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Standard Webhooks signature headers: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` for
 * every secret given, space-separated (during a rotation both the new and the old secret sign, so
 * a receiver that still has the old one keeps verifying).
 */
export function signatureHeaders(id: string, body: string, secrets: readonly string[], at: Date = new Date()): SignedHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = secrets.map((s) => `v1,${createHmac('sha256', keyOf(s)).update(`${id}.${timestamp}.${body}`).digest('base64')}`);
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
