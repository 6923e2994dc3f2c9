import type { Carrier, CarrierCapabilities, CarrierServiceDef } from '@waybill/carrier-model';
import type { CarrierTrackingCodec } from '@waybill/carrier-model';

/**
 * Carrier accounts: a real carrier is used through a company's own account with it. Each adapter
 * declares its credential keys here; validation, masking, the OpenAPI document, the CLI and the
 * console's form all derive from that declaration, so a new carrier adds its keys in its folder alone.
 */
export interface CredentialKey {
  name: string;
  required: boolean;
  /** Secret values are never shown again after they are set (masked to their last 4 characters). */
  secret: boolean;
  description: string;
}

export type BookingLabelFormat = 'pdf' | 'zpl';

/** One account as an adapter sees it: credentials decrypted, in memory only, never logged. */
export interface CarrierAccountContext {
  /** The account's identifier: the key of its token cache and of its pacing. */
  id: string;
  company: string;
  testMode: boolean;
  credentials: Readonly<Record<string, string>>;
  bookingLabelFormat: BookingLabelFormat;
}

/** A real carrier integration: what it offers, and a Carrier bound to one account. */
export interface CarrierAdapter {
  identifier: string;
  name: string;
  services: CarrierServiceDef[];
  /** The same as every account's Carrier has: what lookups show before any account is opened. */
  capabilities: CarrierCapabilities;
  credentialKeys: readonly CredentialKey[];
  /** The formats it can produce labels in at booking; the first is the default. */
  bookingLabelFormats: readonly BookingLabelFormat[];
  /** The carrier pushes tracking with OAuth client credentials Waybill issues per account (UPS Track Alert). */
  pushesWithOAuth?: boolean;
  /** How its events read without an account (code table, native push body): the ingest service uses it. */
  tracking?: CarrierTrackingCodec;
  forAccount(account: CarrierAccountContext): Carrier;
}

/**
 * Problems with a credentials object, keyed by field path (`credentials.<key>`): unknown keys, missing
 * required keys (unless `partial`, for a PATCH), values that are not non-empty strings.
 */
export function credentialErrors(
  keys: readonly CredentialKey[], credentials: unknown, opts: { partial?: boolean } = {},
): Record<string, string[]> {
  if (credentials === null || typeof credentials !== 'object' || Array.isArray(credentials)) {
    return { credentials: ['Expected an object of credential values.'] };
  }
  const errors: Record<string, string[]> = {};
  const given = credentials as Record<string, unknown>;
  const known = new Set(keys.map((k) => k.name));
  for (const name of Object.keys(given)) {
    if (!known.has(name)) errors[`credentials.${name}`] = [`Unknown credential key "${name}"; expected ${[...known].join(', ')}.`];
  }
  for (const key of keys) {
    const value = given[key.name];
    if (value === undefined) {
      if (key.required && !opts.partial) errors[`credentials.${key.name}`] = ['This field is required.'];
    } else if (typeof value !== 'string' || value.trim() === '') {
      errors[`credentials.${key.name}`] = ['Expected a non-empty string.'];
    } else if (value.length > 512) {
      errors[`credentials.${key.name}`] = ['Ensure this field has no more than 512 characters.'];
    }
  }
  return errors;
}

/** `****` followed by the value's last 4 characters (all of a value of 4 or fewer is hidden). */
export function maskCredential(value: string): string {
  return value.length <= 4 ? '****' : `****${value.slice(-4)}`;
}

export function maskCredentials(credentials: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(credentials).map(([k, v]) => [k, maskCredential(v)]));
}
