import type { Kysely } from 'kysely';
import { SchemaId, validate, type TrackingPageSettings } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import type { TrackingDb } from '../database';
import { findBranding, saveBranding, type Branding } from './branding.repository';

const FIELDS = ['display_name', 'logo_url', 'accent_colour', 'support_email'] as const;

/**
 * The stored settings with `changes` applied: a field given replaces its value (`null` or `""` clears it),
 * a field not given keeps it. Checked against contracts/api/tracking-page-settings.json first: a bad
 * value is a 400 naming it, before anything changes.
 */
export function mergeBranding(current: Branding, changes: unknown): Branding {
  const body = typeof changes === 'object' && changes !== null && !Array.isArray(changes)
    ? Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v]))
    : changes;
  const result = validate(SchemaId.TrackingPageSettings, body);
  if (!result.ok) throw new InvalidError(result.errors);
  const input = body as TrackingPageSettings;
  const next = { ...current };
  for (const f of FIELDS) if (f in input) next[f] = input[f] ?? null;
  if (next.accent_colour) next.accent_colour = next.accent_colour.toLowerCase();
  return next;
}

/** Applies a PUT of the settings (any subset of the fields) and returns them as stored. */
export async function updateBranding(db: Kysely<TrackingDb>, company: string, changes: unknown): Promise<Branding> {
  const next = mergeBranding(await findBranding(db, company), changes);
  await saveBranding(db, company, next);
  return next;
}
