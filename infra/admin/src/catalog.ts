import type { Address } from '@waybill/carriers';
import { SANDBOX_PROFILES } from '@waybill/carriers';
import type { CatalogParts } from '@waybill/delivery-options';

export interface WarehouseLike { name: string; address: Address; timezone: string; isDefault: boolean }

/**
 * What a company ships with and from, in the consignment service's lookup shape: delivery rules are
 * checked against it when the CLI or the seed writes them (the services are not asked: they may be down).
 */
export function catalogParts(company: string, carrierIds: readonly string[], warehouses: readonly WarehouseLike[]): CatalogParts {
  return {
    services: SANDBOX_PROFILES.filter((p) => carrierIds.includes(p.identifier))
      .flatMap((p) => p.services.map((s) => ({ carrier_id: p.identifier, identifier: `${p.name}|${s.name}`, name: s.name }))),
    warehouses: warehouses.map((w) => ({ identifier: `${company}|${w.name}`, name: w.name, is_default: w.isDefault, timezone: w.timezone, address: w.address })),
  };
}
