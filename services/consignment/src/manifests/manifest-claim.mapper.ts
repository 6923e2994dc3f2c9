import type { Carrier } from '@waybill/carrier-model';
import type { ManifestClaim, ManifestClaimConsignment } from '@waybill/contracts';
import { parcelsOf } from '../consignments/consignment.allocation';
import type { ConsignmentRow } from '../consignments/consignment.table';
import type { Warehouse } from '../companies/company.repository';
import { warehouseId } from '../companies/company.context';

/** One consignment as a manifest prints it and the carrier is told of it. */
function toClaimed(row: ConsignmentRow): ManifestClaimConsignment {
  const parcels = parcelsOf(row.data);
  const known = parcels.filter((p) => p.weightKg !== null);
  // Summed in whole grams so that many small weights do not drift in floating point.
  const grams = known.reduce((sum, p) => sum + Math.round(p.weightKg! * 1000), 0);
  const tracking = (row.data.packages ?? []).map((p) => p.tracking_number as string | null).filter((n): n is string => Boolean(n));
  const address = (row.data.recipient as { address: { postcode: string; country: string } }).address;
  return {
    identifier: row.identifier,
    order_number: row.order_number,
    consignment_number: row.consignment_number ?? '',
    tracking_numbers: [...new Set(tracking)],
    recipient: { postcode: address.postcode, country: address.country },
    // The carrier books at least one parcel even when the client listed no packages.
    package_count: Math.max(1, parcels.length),
    weight_kg: known.length ? grams / 1000 : null,
  };
}

/**
 * The answer to a claim (contracts/api/manifest-claim.json): everything the manifest service needs, so it
 * never reads this service's tables. Rows in the order the client listed them (a picker's order),
 * whatever order the database gave.
 */
export function toClaimResult(manifestId: string, carrier: Carrier, warehouse: Warehouse, identifiers: string[], rows: ConsignmentRow[]): ManifestClaim {
  const position = new Map(identifiers.map((id, i) => [id, i]));
  const ordered = [...rows].sort((a, b) => (position.get(a.identifier) ?? Infinity) - (position.get(b.identifier) ?? Infinity) || a.seq - b.seq);
  return {
    manifest_id: manifestId,
    scope: carrier.capabilities.manifestScope ?? 'listed',
    carrier: { identifier: carrier.identifier, name: carrier.name },
    warehouse: { identifier: warehouseId(warehouse), name: warehouse.name, timezone: warehouse.timezone, address: warehouse.address },
    consignments: ordered.map(toClaimed),
  };
}
