import { SchemaId, validate, type RatesRequest } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import type { CompanyCatalog } from '../directory/catalog';
import type { Origin } from '../engine/quote';
import { originOf } from '../quote/request';
import { originFrom } from '../quote/quote.deps';

/** Validates a POST /rates body (countries read as alpha-2 in place) or throws a 400 naming every field. */
export function parseRatesRequest(raw: unknown): RatesRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new InvalidError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  }
  const result = validate(SchemaId.RatesRequest, raw);
  if (!result.ok) throw new InvalidError(result.errors);
  const body = raw as RatesRequest;
  if (body.origin && body.warehouse_id) throw InvalidError.field('origin', 'Give origin or warehouse_id, not both.');
  return body;
}

/**
 * Where the parcels leave from: the named warehouse; for a place, the company's warehouse in that
 * country (the default one first), else the place alone (its clock read in the default warehouse's
 * time zone, else UTC, and rules limited to warehouses do not apply); with neither, the default warehouse.
 */
export function ratesOrigin(catalog: CompanyCatalog, body: RatesRequest): Origin {
  if (body.origin) {
    const country = body.origin.country;
    const there = catalog.defaultWarehouse?.country === country ? catalog.defaultWarehouse : [...catalog.warehouses.values()].find((w) => w.country === country);
    if (there) return originFrom(there);
    return { warehouseId: '', place: { country, region: null }, timeZone: catalog.defaultWarehouse?.timeZone ?? 'UTC' };
  }
  try {
    return originFrom(originOf(catalog, body.warehouse_id));
  } catch (err) {
    // Without a warehouse the caller can still say where from.
    if (err instanceof InvalidError && body.warehouse_id === undefined) throw InvalidError.field('origin', 'The company has no warehouse to ship from; give origin.');
    throw err;
  }
}
