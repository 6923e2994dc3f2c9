import type { RateSheet } from '@waybill/contracts';
import type { RateSheetRow } from './rate-sheet.repository';

/** The one place a stored sheet becomes its API representation. */
export function toRateSheet(row: RateSheetRow): RateSheet {
  const d = row.definition;
  return {
    id: row.id, identifier: d.identifier, service_id: d.service_id, currency: d.currency, volumetric_divisor: d.volumetric_divisor ?? null, zones: d.zones, bands: d.bands,
    created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString(),
  };
}
