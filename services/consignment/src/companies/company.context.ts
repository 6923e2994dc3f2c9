import type { Kysely } from 'kysely';
import { CarrierRegistry, type Carrier, type CarrierServiceDef } from '@waybill/carrier-model';
import type { ConsignmentDb } from '../database';
import { enabledCarrierIds, findSettings, listWarehouses, type CompanySettings, type Warehouse } from './company.repository';
import type { SenderContacts } from './sender-contact.client';

/**
 * Where a company's carriers come from: carrier-link, the one carrier port, through its client
 * (`LinkedCarriers`). A carrier with an `account` is the company's through its account with it; any
 * other is the company's once it has enabled it.
 */
export interface CarrierSource {
  forCompany(company: string): Promise<{ carriers: ReadonlyArray<Carrier & { account?: string }>; unavailable: boolean }>;
  /** A carrier for what was booked already (cancel, release), whether or not the company can still use it. */
  booked(company: string, identifier: string, name?: string): Carrier;
}

/** What a request needs to know about its company: settings, warehouses and enabled carriers. */
export interface CompanyContext {
  settings: CompanySettings;
  warehouses: Warehouse[];
  /** The carriers the company enabled, then those of its enabled accounts. */
  carriers: Carrier[];
  /** carrier-link did not answer: carriers may be missing from `carriers` just now. */
  realCarriersUnavailable: boolean;
  /** Every carrier carrier-link described, by identifier, for reading consignments back. */
  names: CarrierRegistry;
  carrier(identifierOrName: string): Carrier | undefined;
  service(serviceId: string): { carrier: Carrier; service: CarrierServiceDef } | undefined;
  /**
   * The carrier that made a booking, to cancel or release it: also a carrier whose account the
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
    private readonly db: Kysely<ConsignmentDb>,
    private readonly source: CarrierSource | null = null, private readonly senders: SenderContacts | null = null, private readonly ttlMs = 5000,
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
      this.source ? this.source.forCompany(company) : { carriers: [], unavailable: false },
    ]);
    const enabled = new Set(carrierIds);
    const carriers: Carrier[] = linked.carriers.filter((c) => c.account !== undefined || enabled.has(c.identifier));
    // Carriers booked through an account need the shipper's phone and e-mail, kept in the documents settings.
    const contact = linked.carriers.some((c) => c.account !== undefined) && this.senders ? await this.senders.of(company) : null;
    const warehouses = stored.map((w) => ({ ...w, contact }));
    const usable = new CarrierRegistry(carriers);
    const described = new CarrierRegistry<Carrier>([...linked.carriers]);
    return {
      settings: settings ?? { company, extraCustomFields: false, trackingEnabled: false },
      warehouses,
      carriers,
      realCarriersUnavailable: linked.unavailable,
      names: described,
      carrier: (key) => usable.find(key),
      service: (id) => usable.findService(id),
      bookedBy: (id, name) => usable.find(id) ?? described.find(id) ?? this.source?.booked(company, id, name),
      warehouse: (id) => warehouses.find((w) => warehouseId(w) === id || (id.indexOf('|') < 0 && w.name === id)),
      defaultWarehouse: () => warehouses.find((w) => w.isDefault) ?? warehouses[0],
    };
  }
}
