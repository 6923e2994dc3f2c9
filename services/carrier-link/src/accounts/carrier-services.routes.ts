import { Router } from 'express';
import { serviceId } from '@waybill/carriers';
import { allowOnly, principalOf } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';

/**
 * Internal: the real carriers a company can use (those it has an enabled account with) and their
 * services, for lookups, delivery options and allocation to merge with the sandbox carriers.
 * `account` is the enabled account's id (what bookings through it answer as their `account`);
 * `sole_account` says the company never had another account with that carrier (deleted or disabled), so
 * every booking it made with the carrier went through this one.
 */
export function carrierServicesRoutes(deps: CarrierLinkDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/account-carriers', ['GET']);
  r.get('/account-carriers', async (_req, res) => {
    const all = await deps.db.selectFrom('carrier_accounts').select(['id', 'carrier', 'enabled', 'deleted_at'])
      .where('company', '=', principalOf(res).company).orderBy('seq').execute();
    const rows = all.filter((row) => row.enabled && row.deleted_at === null);
    res.json(rows.flatMap((row) => {
      const adapter = deps.adapters.get(row.carrier);
      if (!adapter) return [];
      return [{
        identifier: adapter.identifier, name: adapter.name, account: row.id,
        sole_account: all.every((other) => other.carrier !== row.carrier || other.id === row.id),
        capabilities: {
          supports: adapter.capabilities.supports, zpl_native: adapter.capabilities.zplNative, per_package_tracking: adapter.capabilities.perPackageTracking,
          options: adapter.capabilities.options, manifest_scope: adapter.capabilities.manifestScope ?? 'listed',
        },
        services: adapter.services.map((s) => ({
          identifier: serviceId(adapter, s), name: s.name, code: s.code, origins: s.origins, destinations: s.destinations, max_parcel_weight_kg: s.maxParcelWeightKg,
        })),
      }];
    }));
  });
  return r;
}
