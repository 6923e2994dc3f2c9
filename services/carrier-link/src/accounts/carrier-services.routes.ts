import { Router } from 'express';
import { serviceId, type CarrierCapabilities, type CarrierServiceDef } from '@waybill/carriers';
import { allowOnly, principalOf } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';

type Described = { identifier: string; name: string; capabilities: CarrierCapabilities; services: CarrierServiceDef[] };

/** A carrier as the other services see it: names, what it does, its services. */
function describe(c: Described) {
  return {
    identifier: c.identifier, name: c.name,
    capabilities: {
      supports: c.capabilities.supports, zpl_native: c.capabilities.zplNative, per_package_tracking: c.capabilities.perPackageTracking,
      options: c.capabilities.options, manifest_scope: c.capabilities.manifestScope ?? 'listed',
    },
    services: c.services.map((s) => ({
      identifier: serviceId(c, s), name: s.name, code: s.code, origins: s.origins, destinations: s.destinations, max_parcel_weight_kg: s.maxParcelWeightKg,
      return: s.return === true,
    })),
  };
}

/**
 * Internal: the carriers a company can use and their services, for lookups, delivery options and
 * allocation. `account-carriers` lists those of its enabled accounts: `account` is the enabled account's
 * id (what bookings through it answer as their `account`); `sole_account` says the company never had
 * another account with that carrier (deleted or disabled), so every booking it made with the carrier went
 * through this one. `carriers` lists every carrier reachable through carrier-link for the company: those
 * needing no account (`account` null) and those of its enabled accounts, in one shape.
 */
export function carrierServicesRoutes(deps: CarrierLinkDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/account-carriers', ['GET']);
  allowOnly(r, '/carriers', ['GET']);
  const accountCarriers = async (company: string) => {
    const all = await deps.db.selectFrom('carrier_accounts').select(['id', 'carrier', 'enabled', 'deleted_at'])
      .where('company', '=', company).orderBy('seq').execute();
    const rows = all.filter((row) => row.enabled && row.deleted_at === null);
    return rows.flatMap((row) => {
      const adapter = deps.adapters.get(row.carrier);
      if (!adapter) return [];
      return [{ ...describe(adapter), account: row.id, sole_account: all.every((other) => other.carrier !== row.carrier || other.id === row.id) }];
    });
  };
  r.get('/account-carriers', async (_req, res) => {
    res.json(await accountCarriers(principalOf(res).company));
  });
  r.get('/carriers', async (_req, res) => {
    // Those needing no account by identifier (a stable order), then those of the company's accounts.
    const open = [...deps.openCarriers?.carriers ?? []].sort((a, b) => a.identifier.localeCompare(b.identifier))
      .map((c) => ({ ...describe(c), account: null, sole_account: false }));
    res.json([...open, ...await accountCarriers(principalOf(res).company)]);
  });
  return r;
}
