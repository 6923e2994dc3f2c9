import { buildOpenApi } from './openapi';
import { getSchema, requestSchemaIds, resolveRef, SchemaId, type JsonSchema } from './schemas';
import { validate } from './validation';

type Node = Record<string, unknown>;

/** Every string node of a request schema (refs followed) that a client could fill without bound, by path. */
function unboundedStrings(root: JsonSchema): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, owner: JsonSchema, at: string): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) { node.forEach((n, i) => visit(n, owner, `${at}[${i}]`)); return; }
    const n = node as Node;
    if (typeof n.$ref === 'string') { const target = resolveRef(n.$ref, owner); visit(target, target, `${at}→${target.title}`); }
    const types = Array.isArray(n.type) ? n.type : [n.type];
    if (types.includes('string') && n.maxLength === undefined && n.enum === undefined && n.const === undefined) found.push(at || '(root)');
    // A free map's keys are strings the client chooses too.
    const freeMap = (n.additionalProperties && typeof n.additionalProperties === 'object') || n.patternProperties;
    if (freeMap && (n.propertyNames as Node | undefined)?.maxLength === undefined) found.push(`${at}{keys}`);
    for (const [key, value] of Object.entries(n)) {
      if (key === 'properties' || key === 'patternProperties') {
        for (const [name, sub] of Object.entries(value as Node)) visit(sub, owner, `${at}.${name}`);
      } else if (['items', 'additionalProperties', 'propertyNames', 'anyOf', 'oneOf', 'allOf'].includes(key)) visit(value, owner, `${at}.${key}`);
    }
  };
  visit(root, root, '');
  return found;
}

describe('request schemas (docs/api/consignments.md: every string has a maximum length)', () => {
  it.each([...requestSchemaIds])('%s bounds every string', (id) => {
    expect(unboundedStrings(getSchema(id)!)).toEqual([]);
  });

  it('publishes the bounds in the OpenAPI document', () => {
    const schemas = (buildOpenApi().components as { schemas: Record<string, any> }).schemas;
    expect(schemas.ConsignmentInput.properties.order_number.maxLength).toBe(255);
    expect(schemas.Address.properties.postcode.maxLength).toBe(32);
    expect(schemas.Address.properties.country.maxLength).toBe(64);
    expect(schemas.Item.properties.sku.maxLength).toBe(64);
    expect(schemas.Item.properties.harmonisation_code.maxLength).toBe(64);
    expect(schemas.ConsignmentInput.properties.custom_field_1.maxLength).toBe(255);
  });

  it('refuses a longer value with DRF\'s message at its path, and takes one at the bound', () => {
    const body = (orderNumber: string, postcode: string) => ({
      order_number: orderNumber, create_date: '2024-05-01T10:00:00Z',
      recipient: { name: 'Ada', address: { address1: '1 Main St', city: 'London', postcode, country: 'GB' } },
    });
    expect(validate(SchemaId.ConsignmentInput, body('x'.repeat(255), 'N'.repeat(32)))).toEqual({ ok: true });
    expect(validate(SchemaId.ConsignmentInput, body('x'.repeat(10_000), 'N'.repeat(33)))).toEqual({
      ok: false,
      errors: {
        order_number: ['Ensure this field has no more than 255 characters.'],
        'recipient.address.postcode': ['Ensure this field has no more than 32 characters.'],
      },
    });
  });
});
