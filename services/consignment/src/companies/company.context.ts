import type { Kysely } from 'kysely';
import { CarrierRegistry, type Carrier, type CarrierServiceDef } from '@waybill/carrier-model';
import type { LinkedCarriers } from '@waybill/carrier-link-client';
import type { ConsignmentDb } from '../database';
import { enabledCarrierIds, findSettings, listWarehouses, type CompanySettings, type Warehouse } from './company.repository';
import type { SenderContacts } from './sender-contact.client';

/** What a request needs to know about its company: settings, warehouses and enabled carriers. */
export interface CompanyContext {
  settings: CompanySettings;
  warehouses: Warehouse[];
  /** The sandbox carriers enabled for the company, then the real carriers of its enabled accounts. */
  carriers: Carrier[];
  /** carrier-link did not answer: real carriers may be missing from `carriers` just now. */
  realCarriersUnavailable: boolean;
  /** Every carrier's name by identifier, for reading consignments back: the sandbox ones and the company's real ones. */
  names: CarrierRegistry;
  carrier(identifierOrName: string): Carrier | undefined;
  service(serviceId: string): { carrier: Carrier; service: CarrierServiceDef } | undefined;
  /**
   * The carrier that made a booking, to cancel or release it: also a real carrier whose account the
   * company has removed since (its consignments stay cancellable). `name` is the carrier's name as stored.
   */
  bookedBy(carrierId: string, name?: string): Carrier | undefined;
  warehouse(warehouseId: string): Warehouse | undefined;
  defaultWarehouse(): Warehouse | undefined;
}

export function warehouseId(w: Warehouse): string {
  return `${w.company}|${w.name}`;
}

/**
 * Company data changes rarely (admin actions) and is read on every request, so it is cached briefly.
 * Each replica keeps its own copy; a few seconds of staleness after an admin change is acceptable. Real
 * carriers come from carrier-link (the company's enabled accounts), cached the same way.
 */
export class CompanyDirectory {
  private cache = new Map<string, { ctx: CompanyContext; until: number }>();
  constructor(
    private readonly db: Kysely<ConsignmentDb>, private readonly registry: CarrierRegistry,
    private readonly linked: LinkedCarriers | null = null, private readonly senders: SenderContacts | null = null, private readonly ttlMs = 5000,
  ) {}

  invalidate(company?: string): void {
    if (company) this.cache.delete(company);
    else this.cache.clear();
  }

  async get(company: string): Promise<CompanyContext> {
    const hit = this.cache.get(company);
    if (hit && hit.until > Date.now()) return hit.ctx;
    const ctx = await this.load(company);
    // An answer without the real carriers is not kept: the next request asks carrier-link again.
    if (!ctx.realCarriersUnavailable) this.cache.set(company, { ctx, until: Date.now() + this.ttlMs });
    return ctx;
  }

  private async load(company: string): Promise<CompanyContext> {
    const [settings, stored, carrierIds, linked] = await Promise.all([
      findSettings(this.db, company), listWarehouses(this.db, company), enabledCarrierIds(this.db, company),
      this.linked ? this.linked.forCompany(company) : { carriers: [], unavailable: false },
    ]);
    // Real carriers need the shipper's phone and e-mail, which the company keeps in its documents settings.
    const contact = linked.carriers.length && this.senders ? await this.senders.of(company) : null;
    const warehouses = stored.map((w) => ({ ...w, contact }));
    const sandbox = carrierIds.map((id) => this.registry.find(id)).filter((c): c is Carrier => Boolean(c));
    const carriers = [...sandbox, ...linked.carriers];
    const usable = new CarrierRegistry(carriers);
    return {
      settings: settings ?? { company, extraCustomFields: false, trackingEnabled: false },
      warehouses,
      carriers,
      realCarriersUnavailable: linked.unavailable,
      names: new CarrierRegistry([...this.registry.carriers, ...linked.carriers]),
      carrier: (key) => usable.find(key),
      service: (id) => usable.findService(id),
      bookedBy: (id, name) => usable.find(id) ?? this.registry.find(id) ?? this.linked?.booked(company, id, name),
      warehouse: (id) => warehouses.find((w) => warehouseId(w) === id || (id.indexOf('|') < 0 && w.name === id)),
      defaultWarehouse: () => warehouses.find((w) => w.isDefault) ?? warehouses[0],
    };
  }
}
