import { createHmac } from 'node:crypto';
import { verifySignature } from './signature';

const secret = 'carrier-secret-ünïcode';
const body = Buffer.from('{"trackings":[]}');
const now = 1_800_000_000;
// Computed independently of the code under test, as a carrier would.
const sign = (t: number, b: Buffer | string = body, key = secret) => createHmac('sha256', key).update(`${t}.${b}`).digest('hex');

describe('verifySignature', () => {
  it('accepts a fresh signature of the exact body, with the secret taken as raw UTF-8', () => {
    expect(verifySignature(`t=${now},v1=${sign(now)}`, body, secret, now)).toEqual({ ok: true });
    expect(verifySignature(` t=${now} , v1=${sign(now).toUpperCase()} `, body, secret, now + 299)).toEqual({ ok: true });
  });

  it('accepts when any of several v1 signatures matches (secret rotation)', () => {
    expect(verifySignature(`t=${now},v1=${sign(now, body, 'old')},v1=${sign(now)}`, body, secret, now).ok).toBe(true);
  });

  it('refuses a wrong secret, a changed body, a missing or malformed header', () => {
    expect(verifySignature(`t=${now},v1=${sign(now, body, 'other')}`, body, secret, now)).toEqual({ ok: false, reason: 'Invalid signature.' });
    expect(verifySignature(`t=${now},v1=${sign(now)}`, Buffer.from('{"trackings":[ ]}'), secret, now).ok).toBe(false);
    expect(verifySignature(`t=${now + 1},v1=${sign(now)}`, body, secret, now).ok).toBe(false);
    expect(verifySignature(undefined, body, secret, now)).toEqual({ ok: false, reason: 'Missing x-waybill-signature header.' });
    expect(verifySignature(`v1=${sign(now)}`, body, secret, now).ok).toBe(false);
    expect(verifySignature(`t=${now},v1=abc`, body, secret, now).ok).toBe(false);
  });

  it('refuses a timestamp more than 5 minutes away either way', () => {
    expect(verifySignature(`t=${now},v1=${sign(now)}`, body, secret, now + 301)).toEqual({ ok: false, reason: expect.stringMatching(/5 minutes/) });
    expect(verifySignature(`t=${now + 301},v1=${sign(now + 301)}`, body, secret, now).ok).toBe(false);
  });
});
