import { SchemaId, validate, type RateSheetInput } from '@waybill/contracts';
import { countryCode } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import type { CompanyCatalog } from '../directory/catalog';
import { compactPostcode, type RateSheetDefinition } from '../engine/rate-sheet';

const READ_ONLY = ['id', 'created_at', 'updated_at'];

/**
 * Turns a rate sheet body into the definition that is stored, or throws InvalidError naming every
 * bad value: the schema first, then the service against the company's catalog, then the checks
 * between fields (zone names, which zone a destination falls in, band order, prices of defined zones).
 */
export function rateSheetDefinitionFrom(raw: unknown, catalog: CompanyCatalog): RateSheetDefinition {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new InvalidError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  }
  const body = { ...(raw as Record<string, unknown>) };
  for (const k of READ_ONLY) delete body[k];
  const result = validate(SchemaId.RateSheetInput, body);
  if (!result.ok) throw new InvalidError(namingValues(body, result.errors));
  const input = body as unknown as RateSheetInput;
  const errors: Record<string, string[]> = {};
  const service = catalog.services.get(input.service_id.toLowerCase());
  if (!service) errors.service_id = [`carrier service "${input.service_id}" not found.`];
  const zones = input.zones.map((z, i) => ({
    name: z.name,
    countries: z.countries.map((c, j) => {
      const code = countryCode(c);
      if (code !== c.toUpperCase()) errors[`zones.${i}.countries.${j}`] = [`"${c}" is not an ISO 3166-1 alpha-2 country code.`];
      return c.toUpperCase();
    }),
    postcode_prefixes: (z.postcode_prefixes ?? []).map((p) => compactPostcode(p)),
  }));
  zoneChecks(zones, errors);
  const defined = new Set(zones.map((z) => z.name));
  input.bands.forEach((b, i) => {
    if (i > 0 && b.max_weight_kg <= input.bands[i - 1].max_weight_kg) errors[`bands.${i}.max_weight_kg`] = [`${b.max_weight_kg} is not above the band before (${input.bands[i - 1].max_weight_kg}): bands must be in ascending order of max_weight_kg.`];
    for (const zone of Object.keys(b.prices)) {
      if (!defined.has(zone)) errors[`bands.${i}.prices.${zone}`] = [`zone "${zone}" is not defined in zones.`];
    }
  });
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
  return { identifier: input.identifier, service_id: service!.serviceId, currency: input.currency.toUpperCase(), volumetric_divisor: input.volumetric_divisor ?? null, zones, bands: input.bands.map((b) => ({ max_weight_kg: b.max_weight_kg, prices: b.prices })) };
}

/** Zone names unique; a destination (country, or country and prefix) in one zone only. */
function zoneChecks(zones: RateSheetDefinition['zones'], errors: Record<string, string[]>): void {
  const names = new Map<string, number>();
  const places = new Map<string, string>();
  zones.forEach((z, i) => {
    if (names.has(z.name)) errors[`zones.${i}.name`] = [`zone "${z.name}" is defined twice.`];
    names.set(z.name, i);
    const keys = z.postcode_prefixes.length === 0 ? z.countries.map((c) => c) : z.countries.flatMap((c) => z.postcode_prefixes.map((p) => `${c} ${p}`));
    for (const key of new Set(keys)) {
      const other = places.get(key);
      if (other !== undefined && other !== z.name) errors[`zones.${i}`] ??= [`"${key}" is already in zone "${other}".`];
      else places.set(key, z.name);
    }
  });
}

/** Schema messages with the refused value in front (`"4,95": Enter a decimal number…`), for a scalar one: a sheet is long, and a CSV import's author looks for the cell. */
function namingValues(body: Record<string, unknown>, errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, msgs] of Object.entries(errors)) {
    let v: unknown = body;
    for (const part of path.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
    out[path] = typeof v === 'string' || typeof v === 'number' ? msgs.map((m) => `${JSON.stringify(v)}: ${m}`) : msgs;
  }
  return out;
}
