import { bookingKey, pageKey, signToken, verifyToken } from './returns-page.token';

describe('returns page tokens', () => {
  const key = pageKey('internal-secret');
  const now = new Date('2026-11-27T12:00:00Z');
  const exp = Math.floor(now.getTime() / 1000) + 60;
  const token = signToken(key, { kind: 'items', company: 'acme', subject: 'abc', exp });

  it('verifies its own token for the kind and company it names', () => {
    expect(verifyToken(key, token, 'items', 'acme', now)).toEqual({ ok: true, claims: { kind: 'items', company: 'acme', subject: 'abc', exp, nonce: expect.any(String) } });
  });

  it('refuses another kind, another company, another key, a changed body or signature, and garbage as forged', () => {
    const [body, sig] = token.split('.');
    const changed = Buffer.from(JSON.stringify(['items', 'acme', 'other', exp, 'n'])).toString('base64url');
    for (const [t, kind, company, k] of [
      [token, 'label', 'acme', key], [token, 'items', 'other', key], [token, 'items', 'acme', pageKey('another-secret')],
      [`${changed}.${sig}`, 'items', 'acme', key], [`${body}.${sig.slice(0, -2)}AA`, 'items', 'acme', key],
      ['', 'items', 'acme', key], ['a.b.c', 'items', 'acme', key], [undefined, 'items', 'acme', key], [`${body}`, 'items', 'acme', key],
    ] as const) {
      expect(verifyToken(k, t, kind, company, now)).toEqual({ ok: false, why: 'forged' });
    }
  });

  it('refuses an expired token as expired, from the second it expires', () => {
    expect(verifyToken(key, token, 'items', 'acme', new Date((exp - 1) * 1000)).ok).toBe(true);
    expect(verifyToken(key, token, 'items', 'acme', new Date(exp * 1000))).toEqual({ ok: false, why: 'expired' });
  });

  it('gives every token a nonce of its own, and one booking key per token', () => {
    const again = signToken(key, { kind: 'items', company: 'acme', subject: 'abc', exp });
    expect(again).not.toBe(token);
    expect(bookingKey(token)).toBe(bookingKey(token));
    expect(bookingKey(again)).not.toBe(bookingKey(token));
  });
});
