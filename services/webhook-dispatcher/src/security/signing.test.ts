import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signatureHeaders } from './signing';

describe('Standard Webhooks signing', () => {
  const body = JSON.stringify({ event_type: 'test', event_id: 'e-1', payload_version: '2025.1', payload: { message: 'hi' } });

  it('produces headers that the reference library verifies', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const headers = signatureHeaders('e-1', body, [secret]);
    expect(headers['webhook-id']).toBe('e-1');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('fails verification with another secret or a changed body', () => {
    const headers = signatureHeaders('e-1', body, [newSigningSecret()]);
    expect(() => new Webhook(newSigningSecret()).verify(body, { ...headers })).toThrow();
    const secret = newSigningSecret();
    expect(() => new Webhook(secret).verify(body.replace('hi', 'ho'), { ...signatureHeaders('e-1', body, [secret]) })).toThrow();
  });

  it('signs with every secret during a rotation, so both the old and the new one verify', () => {
    const [next, previous] = [newSigningSecret(), newSigningSecret()];
    const headers = signatureHeaders('e-2', body, [next, previous]);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(next).verify(body, { ...headers })).toBeDefined();
    expect(new Webhook(previous).verify(body, { ...headers })).toBeDefined();
  });

  it('puts the signing time in webhook-timestamp, in seconds', () => {
    const at = new Date('2025-03-01T12:00:00.900Z');
    expect(signatureHeaders('e-3', body, [newSigningSecret()], at)['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
  });
});
