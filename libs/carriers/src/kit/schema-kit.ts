/**
 * Builders for the JSON Schemas we write of carriers' APIs (field names, required members, enums,
 * lengths, patterns, ranges). Objects refuse members we did not describe unless `open`, so a misspelt or
 * unintended field fails the double's check instead of reaching the carrier.
 */
export type Schema = Record<string, unknown>;

export const str = (min: number, max: number, extra: Schema = {}): Schema => ({ type: 'string', minLength: min, maxLength: max, ...extra });
export const oneOf = (...values: string[]): Schema => ({ type: 'string', enum: values });
export const pattern = (re: string, extra: Schema = {}): Schema => ({ type: 'string', pattern: re, ...extra });
export const list = (items: Schema, maxItems: number, minItems = 1): Schema => ({ type: 'array', items, minItems, maxItems });
export const num = (minimum: number, maximum: number, extra: Schema = {}): Schema => ({ type: 'number', minimum, maximum, ...extra });
export const int = (minimum: number, maximum: number): Schema => ({ type: 'integer', minimum, maximum });
export const bool: Schema = { type: 'boolean' };
export const text: Schema = { type: 'string' };

export function obj(properties: Record<string, Schema>, required: string[] = [], open = false): Schema {
  return { type: 'object', properties, required, additionalProperties: open };
}
