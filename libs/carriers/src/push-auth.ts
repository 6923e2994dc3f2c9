import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How a carrier that pushes with OAuth (UPS Track Alert) proves itself to Waybill (docs/api/carrier-accounts.md#ups-track-alert):
 * each carrier account gets webhook client credentials, the carrier takes a token from Waybill's token
 * endpoint with them (client_secret_basic, `grant_type=client_credentials`), then posts with
 * `Authorization: Bearer <token>` and `x-api-key: <client id>`. Secrets are random 256-bit values, kept
 * only as SHA-256 hashes; tokens are HMAC-signed, short-lived and carry the client id they were issued to.
 */
/**
 * The purpose under which services derive the push-token key from DATA_ENCRYPTION_KEY: the service that
 * issues tokens (the credentials' owner) and the one that checks pushes derive the same key, so neither
 * hands the other a credential.
 */
export const PUSH_TOKEN_KEY_PURPOSE = 'carrier-push-tokens';

export interface WebhookCredentials {
  clientId: string;
  clientSecret: string;
  /** What is stored: `sha256$<hex>`. */
  secretHash: string;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

export function newWebhookCredentials(): WebhookCredentials {
  const clientId = `wbk_${randomBytes(12).toString('hex')}`;
  const clientSecret = randomBytes(32).toString('base64url');
  return { clientId, clientSecret, secretHash: `sha256$${sha256(clientSecret).toString('hex')}` };
}

/** Whether `secret` is the one whose hash was stored (constant time). */
export function secretMatches(secret: string, secretHash: string): boolean {
  const [scheme, hex] = secretHash.split('$');
  if (scheme !== 'sha256' || !hex || hex.length !== 64) return false;
  return timingSafeEqual(sha256(secret), Buffer.from(hex, 'hex'));
}

/** `Authorization: Basic base64(id:secret)` (the secret may contain colons); undefined when absent or malformed. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  return { id: text.slice(0, colon), secret: text.slice(colon + 1) };
}

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** Signs and checks push tokens with a key of the ingest service (derived from its encryption key). */
export class PushTokens {
  constructor(private readonly key: Buffer, private readonly ttlSeconds = 3600, private readonly now: () => number = Date.now) {}

  issue(clientId: string): IssuedToken {
    const payload = Buffer.from(JSON.stringify({ c: clientId, e: Math.floor(this.now() / 1000) + this.ttlSeconds })).toString('base64url');
    return { access_token: `${payload}.${this.sign(payload)}`, token_type: 'Bearer', expires_in: this.ttlSeconds };
  }

  /**
   * The client id a `Bearer` header's token was issued to, when it is genuine, unexpired and (if the
   * carrier sent one) issued to the `x-api-key` client; undefined otherwise.
   */
  verify(authorization: string | undefined, apiKey?: string): string | undefined {
    const m = /^Bearer\s+([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\s*$/i.exec(authorization ?? '');
    if (!m) return undefined;
    const expected = Buffer.from(this.sign(m[1]));
    const given = Buffer.from(m[2]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let claims: { c?: unknown; e?: unknown };
    try {
      claims = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (typeof claims.c !== 'string' || typeof claims.e !== 'number' || claims.e * 1000 <= this.now()) return undefined;
    if (apiKey !== undefined && apiKey !== claims.c) return undefined;
    return claims.c;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
