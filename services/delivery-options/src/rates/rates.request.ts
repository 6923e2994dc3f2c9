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
 * Where the parcels leave from: the named warehouse, a place (its clock read in the default
 * warehouse's time zone, else UTC; rules limited to warehouses do not apply), or the default warehouse.
 */
export function ratesOrigin(catalog: CompanyCatalog, body: RatesRequest): Origin {
  if (body.origin) {
    return { warehouseId: '', place: { country: body.origin.country, region: null }, timeZone: catalog.defaultWarehouse?.timeZone ?? 'UTC' };
  }
  try {
    return originFrom(originOf(catalog, body.warehouse_id));
  } catch (err) {
    // Without a warehouse the caller can still say where from.
    if (err instanceof InvalidError && body.warehouse_id === undefined) throw InvalidError.field('origin', 'The company has no warehouse to ship from; give origin.');
    throw err;
  }
}
