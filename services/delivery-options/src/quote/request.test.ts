import { SchemaId, validate } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import { parseRequest } from './request';

/** What parseRequest did before it skipped the copy: always copy (blanks to null), then validate the copy. */
function copyThenValidate(raw: Record<string, unknown>): { ok: true; body: unknown } | { ok: false; errors: Record<string, string[]> } {
  const blanks = new Set<string>();
  const copy = (value: unknown, path: string): unknown => {
    if (value === '') {
      blanks.add(path);
      return null;
    }
    if (Array.isArray(value)) return value.map((v, i) => copy(v, path ? `${path}.${i}` : String(i)));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = copy(v, path ? `${path}.${k}` : k);
      return out;
    }
    return value;
  };
  const body = copy(raw, '');
  const result = validate(SchemaId.DeliveryOptionsRequest, body);
  if (result.ok) return { ok: true, body };
  const errors = { ...result.errors };
  for (const [path, msgs] of Object.entries(errors)) if (blanks.has(path) && msgs[0] === 'This field may not be null.') errors[path] = ['This field may not be blank.'];
  return { ok: false, errors };
}

function outcome(raw: Record<string, unknown>): { ok: true; body: unknown } | { ok: false; errors: Record<string, string[]> } {
  try {
    return { ok: true, body: parseRequest(raw) };
  } catch (err) {
    if (err instanceof InvalidError) return { ok: false, errors: err.errors };
    throw err;
  }
}

describe('parseRequest', () => {
  const bodies: string[] = [
    '{"recipient": {"address": {"country": "GB", "postcode": "E1 6AN"}}, "packages": [{"weight": 1.2, "length": 30, "width": 20, "height": 10}], "order_value": 42.5}',
    '{"recipient": {"address": {"country": "GB", "postcode": ""}}, "shipping_method": ""}',
    '{"recipient": {"address": {"country": ""}}}',
    '{"recipient": {"address": {"country": "GB"}}, "packages": [{"weight": -1, "items": [{"quantity": 1.5, "name": ""}]}]}',
    '{"__proto__": {"x": 1}, "recipient": {"address": {"country": "GB"}}}',
    '{"recipient": {"__proto__": {"name": "a"}, "address": {"country": "GB"}}}',
    '{"recipient": {"address": {"country": "GB"}}, "options": {"__proto__": "yes", "a": "b"}}',
    '{"recipient": {"address": {"country": "GB"}}, "settings": {"delivery_type": "teleport"}, "shipping_date": "2026-02-30"}',
    '{"recipient": {"address": {"country": "GB", "city": "a\\u0000b"}}}',
  ];

  it('validates and reads a body as it did when it always copied it first', () => {
    for (const text of bodies) expect([text, outcome(JSON.parse(text))]).toEqual([text, copyThenValidate(JSON.parse(text))]);
  });

  it('reads a body without blanks as it is, without a copy', () => {
    const raw = JSON.parse(bodies[0]);
    expect(parseRequest(raw)).toBe(raw);
  });
});

describe('parseRequest: countries as shops send them', () => {
  it('reads the recipient country and the goods\' origin as alpha-2, whether given as code, alpha-3 or English name', () => {
    const body = parseRequest({ recipient: { address: { country: 'IRL' } }, packages: [{ items: [{ country_of_origin: 'United Kingdom' }] }] });
    expect(body.recipient.address.country).toBe('IE');
    expect(body.packages[0].items[0].country_of_origin).toBe('GB');
    expect(parseRequest({ recipient: { address: { country: ' ireland ' } } }).recipient.address.country).toBe('IE');
  });

  it('refuses anything else naming the field', () => {
    expect(outcome({ recipient: { address: { country: 'Middle Earth' } } })).toEqual({ ok: false, errors: { 'recipient.address.country': ['Enter a valid country.'] } });
  });
});
