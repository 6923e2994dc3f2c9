import fc from 'fast-check';
import { getSchema } from '@waybill/contracts';

type Schema = Record<string, any>;

const KNOWN_PATTERNS: Record<string, fc.Arbitrary<string>> = {
  '^[A-Za-z]{2}$': fc.constantFrom('GB', 'gb', 'US', 'DE', 'IE', 'FR', 'NO', 'ZZ'),
  '^[A-Za-z]{3}$': fc.constantFrom('GBP', 'EUR', 'usd', 'XXX'),
  '^([A-Za-z]{2}|\\*)$': fc.constantFrom('GB', 'EU', '*', 'us'),
  '^[0-9]+(\\.[0-9]+)?$': fc.constantFrom('0', '4.95', '12.50', '100000000000000000000.01'),
  '^([01][0-9]|2[0-3]):[0-5][0-9]$': fc.constantFrom('00:00', '15:00', '23:59'),
};

const date = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

function stringOf(s: Schema): fc.Arbitrary<string> {
  if (s.format === 'date') return date.map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'date-time' || s.format === 'date-time-loose') return date.map((d) => d.toISOString());
  if (typeof s.pattern === 'string') return KNOWN_PATTERNS[s.pattern] ?? fc.stringMatching(new RegExp(s.pattern));
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 24, 24) });
}

function numberOf(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1000);
  return integer || s.multipleOf === 1 ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values that satisfy a contract schema (mostly: patterns without a known generator and the schema's
 * cross-field rules are left to chance), so that fuzzing reaches the code behind validation.
 */
export function fromSchema(schema: Schema, base: string = schema.$id): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') {
    const id = new URL(schema.$ref, base).href;
    const target = getSchema(id);
    if (!target) throw new Error(`unknown $ref ${id}`);
    return fromSchema(target, id);
  }
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return fc.oneof(...branches.map((b: Schema) => fromSchema(b, base)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((t) => ofType(t, schema, base)));
}

function ofType(type: string, s: Schema, base: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'string': return stringOf(s);
    case 'integer': return numberOf(s, true);
    case 'number': return numberOf(s, false);
    case 'array': {
      const items = s.items ? fromSchema(s.items, base) : fc.jsonValue({ maxDepth: 1 });
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 3, 3));
      return s.uniqueItems ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength, maxLength });
    }
    case 'object': {
      const props: Record<string, Schema> = s.properties ?? {};
      const shape = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromSchema(v, base)]));
      const record = fc.record(shape, { requiredKeys: (s.required ?? []).filter((k: string) => k in props) });
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fromSchema(s.additionalProperties, base), { maxKeys: 3 });
        return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
      }
      return record;
    }
    default: throw new Error(`no generator for type ${type}`);
  }
}
