import { decodeEnvelope, newEnvelope, validateEnvelope } from './envelope';

describe('event envelope', () => {
  it('builds a valid envelope with a v4 uuid and an ISO timestamp', () => {
    const e = newEnvelope('test.widget.created', 'acme', { id: 'w-1' }, { traceparent: '00-abc-def-01' });
    expect(e.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Date(e.occurred_at).toISOString()).toBe(e.occurred_at);
    expect(e.trace).toEqual({ traceparent: '00-abc-def-01' });
    expect(() => validateEnvelope(e)).not.toThrow();
  });

  it('rejects an envelope that breaks the contract, naming each field', () => {
    const bad = { ...newEnvelope('test.widget.created', 'acme', {}), id: 'x', type: 'nodots', company: '' };
    expect(() => validateEnvelope(bad)).toThrow(/id: .*type: .*company: /s);
  });

  it('checks the data of event types the contracts know', () => {
    expect(() => validateEnvelope(newEnvelope('consignment.consignment.allocated', 'acme', {}))).toThrow(/data/);
  });

  it('decodes JSON bodies and refuses what is not an envelope', () => {
    const e = newEnvelope('a.b.c', 'acme', {});
    expect(decodeEnvelope(Buffer.from(JSON.stringify(e)))).toEqual(e);
    expect(() => decodeEnvelope('{oops')).toThrow(/not JSON/);
    expect(() => decodeEnvelope('[1]')).toThrow(/not an event envelope/);
  });
});
