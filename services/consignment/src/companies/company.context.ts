import type { Kysely } from 'kysely';
import type { Carrier, CarrierRegistry, CarrierServiceDef } from '@waybill/carriers';
import type { ConsignmentDb } from '../database';
import { enabledCarrierIds, findSettings, listWarehouses, type CompanySettings, type Warehouse } from './company.repository';

/** What a request needs to know about its company: settings, warehouses and enabled carriers. */
export interface CompanyContext {
  settings: CompanySettings;
  warehouses: Warehouse[];
  carriers: Carrier[];
  carrier(identifierOrName: string): Carrier | undefined;
  service(serviceId: string): { carrier: Carrier; service: CarrierServiceDef } | undefined;
  warehouse(warehouseId: string): Warehouse | undefined;
  defaultWarehouse(): Warehouse | undefined;
}

export function warehouseId(w: Warehouse): string {
  return `${w.company}|${w.name}`;
}

/**
 * Company data changes rarely (admin actions) and is read on every request, so it is cached briefly.
 * Each replica keeps its own copy; a few seconds of staleness after an admin change is acceptable.
 */
export class CompanyDirectory {
  private cache = new Map<string, { ctx: CompanyContext; until: number }>();
  constructor(private readonly db: Kysely<ConsignmentDb>, private readonly registry: CarrierRegistry, private readonly ttlMs = 5000) {}

  invalidate(company?: string): void {
    if (company) this.cache.delete(company);
    else this.cache.clear();
  }

  async get(company: string): Promise<CompanyContext> {
    const hit = this.cache.get(company);
    if (hit && hit.until > Date.now()) return hit.ctx;
    const ctx = await this.load(company);
    this.cache.set(company, { ctx, until: Date.now() + this.ttlMs });
    return ctx;
  }

  private async load(company: string): Promise<CompanyContext> {
    const [settings, warehouses, carrierIds] = await Promise.all([
      findSettings(this.db, company), listWarehouses(this.db, company), enabledCarrierIds(this.db, company),
    ]);
    const carriers = carrierIds.map((id) => this.registry.find(id)).filter((c): c is Carrier => Boolean(c));
    const enabled = new Set(carriers.map((c) => c.identifier));
    const registry = this.registry;
    return {
      settings: settings ?? { company, extraCustomFields: false, trackingEnabled: false },
      warehouses,
      carriers,
      carrier: (key) => {
        const c = registry.find(key);
        return c && enabled.has(c.identifier) ? c : undefined;
      },
      service: (id) => {
        const found = registry.findService(id);
        return found && enabled.has(found.carrier.identifier) ? found : undefined;
      },
      warehouse: (id) => warehouses.find((w) => warehouseId(w) === id || (id.indexOf('|') < 0 && w.name === id)),
      defaultWarehouse: () => warehouses.find((w) => w.isDefault) ?? warehouses[0],
    };
  }
}
