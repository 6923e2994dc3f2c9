import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Keys derived once from the service's secret: one signs unsubscribe links, one hashes addresses. */
export interface UnsubscribeKeys { link: Buffer; address: Buffer }

export function unsubscribeKeys(secret: string): UnsubscribeKeys {
  const derive = (purpose: string) => createHmac('sha256', secret).update(`waybill-notifications:${purpose}`).digest();
  return { link: derive('unsubscribe-link'), address: derive('address-hash') };
}

const sign = (keys: UnsubscribeKeys, id: string) => createHmac('sha256', keys.link).update(id).digest('base64url').slice(0, 32);

/** The token of one e-mail's unsubscribe link: its notification id and a signature (no address in the URL). */
export function unsubscribeToken(keys: UnsubscribeKeys, notificationId: string): string {
  return `${notificationId}.${sign(keys, notificationId)}`;
}

/** The notification id a token names, or undefined when its signature does not verify. */
export function verifyToken(keys: UnsubscribeKeys, token: string): string | undefined {
  const m = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return undefined;
  const expected = Buffer.from(sign(keys, m[1]));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1] : undefined;
}

/** An address as the suppression list keeps it: keyed hash of the trimmed, lower-cased address. */
export function addressHash(keys: UnsubscribeKeys, address: string): string {
  return createHmac('sha256', keys.address).update(address.trim().toLowerCase()).digest('hex');
}

/** `ada@example.com` → `a***@e***.com`: enough for customer service to recognise, not to write to. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${address[0]}***@${host[0] ?? ''}***${tld}`;
}

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
