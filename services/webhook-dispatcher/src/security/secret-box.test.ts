import { randomBytes } from 'node:crypto';
import { parseEncryptionKey, SecretBox } from './secret-box';

describe('secrets at rest', () => {
  const key = randomBytes(32);
  const box = new SecretBox(key);

  it('round-trips a secret and never stores it in clear', () => {
    const sealed = box.seal('whsec_abc', 'endpoint-1');
    expect(sealed).not.toContain('whsec_abc');
    expect(sealed).toMatch(/^v1\./);
    expect(box.open(sealed, 'endpoint-1')).toBe('whsec_abc');
    expect(box.seal('whsec_abc', 'endpoint-1')).not.toBe(sealed);
  });

  it('refuses a ciphertext moved to another row, tampered with, or sealed under another key', () => {
    const sealed = box.seal('whsec_abc', 'endpoint-1');
    expect(() => box.open(sealed, 'endpoint-2')).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'), 'endpoint-1')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'endpoint-1')).toThrow();
  });

  it('reads DATA_ENCRYPTION_KEY as base64 or hex of 32 bytes', () => {
    expect(parseEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('base64url'))).toEqual(key);
    expect(parseEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseEncryptionKey(randomBytes(16).toString('base64'))).toBeUndefined();
    expect(parseEncryptionKey('not-a-key')).toBeUndefined();
  });
});
