import { Router } from 'express';
import { serviceId } from '@waybill/carrier-model';
import { allowOnly, principalOf } from '@waybill/http';
import { warehouseId, type CompanyDirectory } from '../companies/company.context';

/** GET /carriers, /carrierservices, /warehouses: what this company may ship with and from. */
export function lookupRoutes(companies: CompanyDirectory): Router {
  const r = Router({ mergeParams: true });
  for (const p of ['/carriers', '/carrierservices', '/warehouses']) allowOnly(r, p, ['GET']);

  r.get('/carriers', async (_req, res) => {
    const ctx = await companies.get(principalOf(res).company);
    res.json(ctx.carriers.map((c) => ({
      identifier: c.identifier,
      name: c.name,
      zpl_native: c.capabilities.zplNative,
      per_package_tracking: c.capabilities.perPackageTracking,
      options: c.capabilities.options,
      capabilities: c.capabilities.supports,
    })));
  });

  r.get('/carrierservices', async (_req, res) => {
    const ctx = await companies.get(principalOf(res).company);
    res.json(ctx.carriers.flatMap((c) => c.services.map((s) => ({
      carrier_id: c.identifier,
      identifier: serviceId(c, s),
      name: s.name,
      code: s.code,
      origins: s.origins,
      destinations: s.destinations,
      max_parcel_weight_kg: s.maxParcelWeightKg,
      return: s.return === true,
    }))));
  });

  r.get('/warehouses', async (_req, res) => {
    const ctx = await companies.get(principalOf(res).company);
    res.json(ctx.warehouses.map((w) => ({
      identifier: warehouseId(w),
      name: w.name,
      is_default: w.isDefault,
      timezone: w.timezone,
      collection_cutoff: w.cutoff ?? null,
      address: w.address,
    })));
  });

  return r;
}
