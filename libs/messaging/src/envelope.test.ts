import { decodeEnvelope, newEnvelope, validateEnvelopeShape } from './envelope';

describe('event envelope', () => {
  it('builds a valid envelope with a v4 uuid and an ISO timestamp', () => {
    const e = newEnvelope('consignment.consignment.allocated', 'acme', { id: 'c-1' }, { traceparent: '00-abc-def-01' });
    expect(e.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Date(e.occurred_at).toISOString()).toBe(e.occurred_at);
    expect(e.trace).toEqual({ traceparent: '00-abc-def-01' });
    expect(() => validateEnvelopeShape(e)).not.toThrow();
  });

  it('rejects envelopes with a bad id, type or company, naming every problem', () => {
    const bad = { ...newEnvelope('consignment.consignment.allocated', 'acme', {}), id: 'x', type: 'nodots', company: '' };
    expect(() => validateEnvelopeShape(bad)).toThrow(/id must be a uuid.*type must be.*company must be/);
  });

  it('decodes JSON bodies and refuses what is not an envelope', () => {
    const e = newEnvelope('a.b.c', 'acme', {});
    expect(decodeEnvelope(Buffer.from(JSON.stringify(e)))).toEqual(e);
    expect(() => decodeEnvelope('{oops')).toThrow(/not JSON/);
    expect(() => decodeEnvelope('[1]')).toThrow(/not an event envelope/);
  });
});
