import { randomBytes } from 'node:crypto';
import { EncryptionKeyError, SecretBox, parseEncryptionKey } from './secret-box';

const key = randomBytes(32).toString('base64');

describe('SecretBox', () => {
  it('seals so that only the same key and context open it', () => {
    const box = new SecretBox(key);
    const sealed = box.seal('carrier-secret', 'generic');
    expect(sealed).not.toContain('carrier-secret');
    expect(sealed).not.toBe(box.seal('carrier-secret', 'generic'));
    expect(box.open(sealed, 'generic')).toBe('carrier-secret');
    expect(() => box.open(sealed, 'globex')).toThrow(EncryptionKeyError);
    expect(() => new SecretBox(randomBytes(32).toString('hex')).open(sealed, 'generic')).toThrow(EncryptionKeyError);
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'), 'generic')).toThrow(EncryptionKeyError);
  });

  it('opens with the key as text or as its bytes alike, and refuses a key of the wrong size', () => {
    const bytes = parseEncryptionKey(key);
    expect(new SecretBox(bytes).open(new SecretBox(key).seal('whsec_abc', 'endpoint-1'), 'endpoint-1')).toBe('whsec_abc');
    expect(() => new SecretBox(randomBytes(16))).toThrow(EncryptionKeyError);
  });

  it('accepts 32-byte keys as base64 or hex and refuses anything else', () => {
    expect(parseEncryptionKey(randomBytes(32).toString('hex'))).toHaveLength(32);
    expect(parseEncryptionKey(randomBytes(32).toString('base64url'))).toHaveLength(32);
    expect(() => parseEncryptionKey('short')).toThrow(/32 bytes/);
  });

  it('derives distinct keys per purpose, the same on every replica', () => {
    const a = new SecretBox(key);
    const b = new SecretBox(key);
    expect(a.deriveKey('pod-urls').equals(b.deriveKey('pod-urls'))).toBe(true);
    expect(a.deriveKey('pod-urls').equals(a.deriveKey('other'))).toBe(false);
  });
});
