import { createHmac, timingSafeEqual } from 'node:crypto';

/** docs/api/webhooks.md: document links are temporary and expire after 72 hours. */
export const POD_LINK_LIFETIME_MS = 72 * 3_600_000;
export const POD_PATH = '/pod/v1/documents';

export type LinkCheck = 'ok' | 'invalid' | 'expired';

/**
 * Proof-of-delivery links carry their own credential: an HMAC over the document id and the expiry,
 * so whoever receives the webhook can fetch the document without an account, only until it expires,
 * and cannot turn one link into another document's or extend its life.
 */
export class PodUrlSigner {
  constructor(private readonly key: Buffer) {}

  private mac(id: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${id}.${expires}`).digest('hex');
  }

  url(baseUrl: string, id: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return `${baseUrl.replace(/\/$/, '')}${POD_PATH}/${encodeURIComponent(id)}?expires=${expires}&signature=${this.mac(id, expires)}`;
  }

  check(id: string, expires: unknown, signature: unknown, now: Date): LinkCheck {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
    const ok = timingSafeEqual(Buffer.from(this.mac(id, Number(expires)), 'hex'), Buffer.from(signature, 'hex'));
    if (!ok) return 'invalid';
    return now.getTime() >= Number(expires) * 1000 ? 'expired' : 'ok';
  }
}
