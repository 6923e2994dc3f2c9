/**
 * Small builders for the JSON Schemas of UPS's API (ours, written from UPS's published description:
 * field names, required members, enums and lengths). Objects refuse members we did not describe, so
 * a misspelt or unintended field fails the double's check instead of reaching UPS.
 */
export type Schema = Record<string, unknown>;

export const str = (min: number, max: number, extra: Schema = {}): Schema => ({ type: 'string', minLength: min, maxLength: max, ...extra });
export const oneOf = (...values: string[]): Schema => ({ type: 'string', enum: values });
export const pattern = (re: string, extra: Schema = {}): Schema => ({ type: 'string', pattern: re, ...extra });
export const list = (items: Schema, maxItems: number, minItems = 1): Schema => ({ type: 'array', items, minItems, maxItems });

export function obj(properties: Record<string, Schema>, required: string[] = [], open = false): Schema {
  return { type: 'object', properties, required, additionalProperties: open };
}

/** A presence indicator: UPS reads only whether the member is there ("an empty tag"). */
export const indicator: Schema = { type: 'string', maxLength: 0 };

/** A 1Z tracking or shipment number: 1Z and 16 upper-case letters or digits. */
export const ONE_Z = '^1Z[0-9A-Z]{16}$';
export const TRACK_ALERT_NUMBER = '(^1Z[0-9A-Z]{16}$)|(^1R[0-9A-Z]{14}$)|(^1R[0-9A-Z]{26}$)';
