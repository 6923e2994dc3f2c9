import type { ErrorObject } from 'ajv';
import { DRF_NUMBER, NUMBER_MESSAGES, type NumberKind } from './drf-numbers';
import { COUNTRY_KEYWORD, COUNTRY_MESSAGE } from './countries';

export type ValidationErrors = Record<string, string[]>;

/** Key used for errors about the body as a whole, as Django REST framework does. */
export const NON_FIELD_ERRORS = 'non_field_errors';

// Combinators only summarise their branches' errors; the branch errors say more.
const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf', 'if', 'allOf']);

// Lower wins when several errors land on the same path.
const PRIORITY: Record<string, number> = {
  required: 0, dependentRequired: 0, additionalProperties: 1, type: 2, [DRF_NUMBER]: 2, enum: 3, const: 3, format: 4,
  minLength: 5, pattern: 6, maxLength: 7, [COUNTRY_KEYWORD]: 8,
};

const PATTERN_MESSAGES: Record<string, string> = {
  '^[A-Za-z]{2}$': 'Enter a 2-letter ISO 3166 country code.',
  '^[A-Za-z]{3}$': 'Enter a 3-letter ISO 4217 currency code.',
  '^[0-9a-f]{32}$': 'Enter 32 lowercase hexadecimal characters.',
  '^[A-Za-z0-9_-]{1,64}$': 'Enter 1 to 64 letters, digits, "-" or "_".',
  '^[0-9]+(\\.[0-9]+)?$': 'Enter a decimal number such as "12.50".',
  '^[a-z0-9]+(-[a-z0-9]+)*$': 'Enter a valid slug of lowercase letters, digits and hyphens.',
  '^([01][0-9]|2[0-3]):[0-5][0-9]$': 'Enter a time as HH:MM (24-hour clock).',
  '^([A-Za-z]{2}|\\*)$': 'Enter a 2-letter ISO 3166 country code, "EU" or "*".',
  '^https://[^\\s/?#@]+(/[^\\s]*)?$': 'Enter an https URL (https://…).',
  '^#[0-9A-Fa-f]{6}$': 'Enter a colour as #rrggbb.',
};

const FORMAT_MESSAGES: Record<string, string> = {
  date: 'Date has wrong format. Use YYYY-MM-DD.',
  'date-time': 'Datetime has wrong format. Use ISO 8601.',
  'date-time-loose': 'Datetime has wrong format. Use ISO 8601.',
  'iso-date-time': 'Datetime has wrong format. Use ISO 8601.',
  time: 'Time has wrong format. Use hh:mm[:ss[.uuuuuu]].',
  email: 'Enter a valid email address.',
  uri: 'Enter a valid URL.',
  url: 'Enter a valid URL.',
  uuid: 'Enter a valid UUID.',
};

const TYPE_MESSAGES: Record<string, (data: unknown) => string> = {
  string: () => 'Not a valid string.',
  number: () => 'A valid number is required.',
  integer: () => 'A valid integer is required.',
  boolean: () => 'Must be a valid boolean.',
  object: (data) => `Invalid data. Expected a dictionary, but got ${pythonType(data)}.`,
  array: (data) => `Expected a list of items but got type "${pythonType(data)}".`,
};

// DRF names the received type the Python way; Scurri clients may match on these texts.
function pythonType(data: unknown): string {
  if (Array.isArray(data)) return 'list';
  if (typeof data === 'number') return Number.isInteger(data) ? 'int' : 'float';
  return ({ string: 'str', boolean: 'bool', object: 'dict' } as Record<string, string>)[typeof data] ?? typeof data;
}

function expectedTypes(error: ErrorObject): string[] {
  const type = error.params.type as string | string[];
  return (Array.isArray(type) ? type : String(type).split(',')).filter((t) => t !== 'null');
}

function typeMessage(error: ErrorObject): string {
  if (error.data === null) return 'This field may not be null.';
  // A number field that also admits decimal strings: what is wrong is that it is not a number.
  const kind = (error.parentSchema as Record<string, unknown> | undefined)?.[DRF_NUMBER] as NumberKind | undefined;
  if (kind) return NUMBER_MESSAGES[kind];
  const types = expectedTypes(error);
  if (types.length === 1) return (TYPE_MESSAGES[types[0]] ?? (() => `Must be of type ${types[0]}.`))(error.data);
  return `Must be a ${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}.`;
}

function message(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
    case 'dependentRequired': return 'This field is required.';
    case 'additionalProperties': return 'Unknown field.';
    case 'type': return typeMessage(error);
    case DRF_NUMBER: return error.message ?? NUMBER_MESSAGES.number;
    case COUNTRY_KEYWORD: return COUNTRY_MESSAGE;
    case 'enum': return `"${typeof error.data === 'string' ? error.data : JSON.stringify(error.data)}" is not a valid choice.`;
    case 'const': return `Must be ${JSON.stringify(p.allowedValue)}.`;
    case 'format': return FORMAT_MESSAGES[String(p.format)] ?? `Enter a valid ${String(p.format)}.`;
    case 'minLength': return p.limit === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${p.limit} characters.`;
    case 'maxLength': return `Ensure this field has no more than ${p.limit} characters.`;
    case 'pattern': return PATTERN_MESSAGES[String(p.pattern)] ?? `This value does not match the pattern ${String(p.pattern)}.`;
    case 'minimum': return `Ensure this value is greater than or equal to ${p.limit}.`;
    case 'maximum': return `Ensure this value is less than or equal to ${p.limit}.`;
    case 'exclusiveMinimum': return `Ensure this value is greater than ${p.limit}.`;
    case 'exclusiveMaximum': return `Ensure this value is less than ${p.limit}.`;
    case 'minItems': return `Ensure this field has at least ${p.limit} elements.`;
    case 'maxItems': return `Ensure this field has no more than ${p.limit} elements.`;
    case 'uniqueItems': return 'Items must be unique.';
    case 'multipleOf': return `Ensure this value is a multiple of ${p.multipleOf}.`;
    default: return 'Invalid value.';
  }
}

/** JSON pointer ("/packages/0/items") to the dotted path the API reports ("packages.0.items"). */
function fieldPath(error: ErrorObject): string {
  const segments = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const child = error.params.missingProperty ?? error.params.additionalProperty;
  if (typeof child === 'string') segments.push(child);
  return segments.length ? segments.join('.') : NON_FIELD_ERRORS;
}

// The null branch of a nullable `anyOf: [{$ref}, {type: "null"}]` always fails for non-null data.
function isNullBranchNoise(error: ErrorObject): boolean {
  return error.keyword === 'type' && expectedTypes(error).length === 0;
}

/** Turns ajv's errors into one DRF-style message per dotted field path. */
export function toFieldErrors(errors: readonly ErrorObject[]): ValidationErrors {
  const best = new Map<string, ErrorObject>();
  const summaries: string[] = [];
  for (const error of errors) {
    if (isNullBranchNoise(error)) continue;
    const path = fieldPath(error);
    if (SUMMARY_KEYWORDS.has(error.keyword)) { summaries.push(path); continue; }
    const current = best.get(path);
    if (!current || (PRIORITY[error.keyword] ?? 9) < (PRIORITY[current.keyword] ?? 9)) best.set(path, error);
  }
  const result: ValidationErrors = {};
  for (const [path, error] of best) result[path] = [message(error)];
  // A combinator with no branch error at or under its path would otherwise fail silently.
  for (const path of summaries) {
    const covered = path === NON_FIELD_ERRORS ? best.size > 0 : [...best.keys()].some((k) => k === path || k.startsWith(`${path}.`));
    if (!covered && !result[path]) result[path] = ['Invalid value.'];
  }
  return result;
}
