import type { KeywordDefinition } from 'ajv';

/**
 * Numbers as Django REST framework reads them (docs/api/consignments.md#how-values-are-read): a
 * number field also takes a string holding a decimal number ("19.99", "1.500", "30"; Rails encodes
 * BigDecimal so, and PHP database rows are strings), an integer field takes 2, 2.0 and "2" but not 2.5.
 * ajv's coerceTypes cannot be used: it would turn true into 1 and "" into 0.
 *
 * Request schemas keep `"type": "number"` in their files (and in the generated types, which describe
 * the validated value); `widenNumbers` gives the validator a copy where such a node also admits a
 * string and carries the `drfNumber` keyword, which checks the string and replaces it, in the body
 * being validated, by the number it holds, before `minimum` and the like look at it.
 */
export const DRF_NUMBER = 'drfNumber';

export type NumberKind = 'number' | 'integer';

export const NUMBER_MESSAGES: Record<NumberKind, string> = {
  number: 'A valid number is required.',
  integer: 'A valid integer is required.',
};

/** DRF's FloatField and DecimalField refuse longer strings before parsing them. */
export const MAX_NUMBER_STRING = 1000;
const TOO_LONG = 'String value too large.';

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
// DRF's IntegerField: digits, optionally followed by a point and zeros only ("2.0", "2.").
const INTEGER = /^[+-]?\d+(\.0*)?$/;

type Outcome = { value: number | null } | { error: string };

/** What a string in a number field holds, or why it holds none. `""` is absent where null is allowed. */
export function readNumberText(text: string, kind: NumberKind, nullable: boolean): Outcome {
  if (text.length > MAX_NUMBER_STRING) return { error: TOO_LONG };
  const trimmed = text.trim();
  if (trimmed === '' && nullable) return { value: null };
  if (!(kind === 'integer' ? INTEGER : DECIMAL).test(trimmed)) return { error: NUMBER_MESSAGES[kind] };
  const value = Number(trimmed);
  return Number.isFinite(value) ? { value: Object.is(value, -0) ? 0 : value } : { error: NUMBER_MESSAGES[kind] };
}

function allowsNull(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  return Array.isArray(type) ? type.includes('null') : type === 'null';
}

/** The ajv keyword. Non-strings are left to `type` (whose message the error formatter words the DRF way). */
export const drfNumberKeyword: KeywordDefinition = {
  keyword: DRF_NUMBER,
  schemaType: 'string',
  modifying: true,
  errors: true,
  validate: function check(kind: NumberKind, data: unknown, parentSchema, cxt) {
    if (typeof data !== 'string') return true;
    const outcome = readNumberText(data, kind, allowsNull((parentSchema ?? {}) as Record<string, unknown>));
    if ('error' in outcome) {
      (check as { errors?: unknown[] }).errors = [{ keyword: DRF_NUMBER, message: outcome.error, params: { kind } }];
      return false;
    }
    // A string at the root has nowhere to go back to; no request schema is a bare number.
    if (cxt?.parentData !== undefined) (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = outcome.value;
    return true;
  },
};

type Node = Record<string, unknown>;

// A node that already takes strings (options' "string, boolean or number" values) keeps them as strings.
function numberKind(type: unknown): NumberKind | undefined {
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('string')) return undefined;
  if (types.includes('integer')) return 'integer';
  return types.includes('number') ? 'number' : undefined;
}

/** A deep copy of a schema in which every number or integer node also admits a decimal string. */
export function widenNumbers<T>(schema: T): T {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const copy: Node = {};
    for (const [key, value] of Object.entries(node)) copy[key] = visit(value);
    const kind = numberKind(copy.type);
    if (kind) {
      const types = Array.isArray(copy.type) ? copy.type : [copy.type];
      copy.type = [...types, 'string'];
      copy[DRF_NUMBER] = kind;
    }
    return copy;
  };
  return visit(schema) as T;
}
