import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets a service must be able to read back (a carrier's ingest secret is an HMAC key) are stored
 * encrypted with AES-256-GCM under the deployment's DATA_ENCRYPTION_KEY, never in clear. GCM's tag
 * makes a tampered or wrongly-keyed value fail to open instead of yielding garbage.
 */
export class EncryptionKeyError extends Error {}

/** DATA_ENCRYPTION_KEY: 32 random bytes as base64 (`openssl rand -base64 32`) or 64 hex digits. */
export function parseEncryptionKey(value: string): Buffer {
  const v = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  if (key.length !== 32) throw new EncryptionKeyError('DATA_ENCRYPTION_KEY must be 32 bytes, as base64 or 64 hex digits');
  return key;
}

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;
  /** The key as DATA_ENCRYPTION_KEY spells it, or its 32 bytes. */
  constructor(key: string | Buffer) {
    if (Buffer.isBuffer(key) && key.length !== 32) throw new EncryptionKeyError('SecretBox needs a 32-byte key');
    this.key = Buffer.isBuffer(key) ? key : parseEncryptionKey(key);
  }

  /** `v1.<iv>.<tag>.<ciphertext>` (base64url parts); `context` binds the value to its use (e.g. a row id). */
  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  open(sealed: string, context = ''): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw new EncryptionKeyError('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new EncryptionKeyError('sealed value does not open with this key (wrong DATA_ENCRYPTION_KEY or tampered data)');
    }
  }

  /** A separate key for another purpose (e.g. signing URLs), so one key is never used for two jobs. */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `waybill:${purpose}`, 32));
  }
}
