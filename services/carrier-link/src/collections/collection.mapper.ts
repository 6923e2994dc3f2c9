import type { CollectionRow } from './collection.table';

/** The public collection (docs/api/collections.md). */
export function toApiCollection(row: CollectionRow) {
  return {
    identifier: row.identifier,
    carrier_reference: row.carrier_reference,
    status: row.status,
    carrier_id: row.carrier,
    warehouse_id: row.warehouse_id,
    date: row.date,
    ready_time: row.ready_time,
    close_time: row.close_time,
    parcels: row.parcels,
    weight_kg: row.weight_kg === null ? null : Number(row.weight_kg),
    consignment_ids: row.consignment_ids,
    created_at: row.created_at.toISOString(),
    cancelled_at: row.cancelled_at ? row.cancelled_at.toISOString() : null,
  };
}
