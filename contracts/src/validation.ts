import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { NON_FIELD_ERRORS, toFieldErrors, type ValidationErrors } from './error-messages';
import { isLooseDateTime } from './formats';
import { unstorableTextErrors } from './storable-text';
import { drfNumberKeyword, widenNumbers } from './drf-numbers';
import { countryKeyword } from './countries';
import { allSchemas, requestSchemaIds, type JsonSchema } from './schemas';

export type { ValidationErrors } from './error-messages';
export { NON_FIELD_ERRORS } from './error-messages';

export type ValidationResult = { ok: true } | { ok: false; errors: ValidationErrors };

// Schemas are registered once per instance and validators compiled on first use.
// verbose: messages quote the offending value ("x" is not a valid choice.) and see the parent schema.
function instance(schemas: readonly JsonSchema[]): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true });
  addFormats(ajv);
  ajv.addFormat('date-time-loose', { type: 'string', validate: isLooseDateTime });
  ajv.addKeyword(drfNumberKeyword);
  ajv.addKeyword(countryKeyword);
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

// Request bodies are read as DRF reads them (numbers may come as decimal strings, turned into numbers in
// place); responses, events and webhooks are what Waybill writes, so they are held to the plain schemas.
const plain = instance(allSchemas);
const requests = instance(allSchemas.map(widenNumbers));

const compiled = new Map<string, ValidateFunction>();

function validatorFor(schemaId: string): ValidateFunction {
  let fn = compiled.get(schemaId);
  if (!fn) {
    fn = (requestSchemaIds.has(schemaId) ? requests : plain).getSchema(schemaId);
    if (!fn) throw new Error(`Unknown schema id: ${schemaId}`);
    compiled.set(schemaId, fn);
  }
  return fn;
}

/**
 * Validates `data` against a registered schema (use `SchemaId.*`). Errors are keyed by dotted field
 * path with indices (`packages.0.items.1.quantity`), or `non_field_errors` for the body itself,
 * with one DRF-style message per path; a string Postgres cannot store (U+0000, a lone surrogate) is
 * an error wherever it is. For a request body (`requestSchemaIds`), number fields given as decimal
 * strings are replaced by their numbers in `data` itself. Throws only for an unknown schema id.
 */
export function validate(schemaId: string, data: unknown): ValidationResult {
  const fn = validatorFor(schemaId);
  const unstorable = unstorableTextErrors(data);
  if (fn(data)) return Object.keys(unstorable).length ? { ok: false, errors: unstorable } : { ok: true };
  // Unstorable text wins its path: the schema's message could quote it, and messages get stored too.
  const errors = { ...unstorable };
  for (const [path, messages] of Object.entries(toFieldErrors(fn.errors ?? []))) errors[path] ??= messages;
  return { ok: false, errors: Object.keys(errors).length ? errors : { [NON_FIELD_ERRORS]: ['Invalid value.'] } };
}

/** `"<path>: <message>"` of the first error: the `detail` of a 400 response. */
export function firstErrorDetail(errors: ValidationErrors): string {
  for (const [path, messages] of Object.entries(errors)) {
    if (messages.length) return `${path}: ${messages[0]}`;
  }
  return `${NON_FIELD_ERRORS}: Invalid value.`;
}

/** Prefixes every path, e.g. to report an event's data errors under `data.`. */
export function prefixErrors(prefix: string, errors: ValidationErrors): ValidationErrors {
  const result: ValidationErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    result[path === NON_FIELD_ERRORS ? prefix : `${prefix}.${path}`] = messages;
  }
  return result;
}
