import { countryCode } from '@waybill/contracts';
import type { ServiceInfo } from '../engine/quote';

/** A warehouse as the rules engine needs it: where it is, and the zone its cutoffs are read in. */
export interface WarehouseInfo {
  id: string;
  name: string;
  country: string;
  region: string | null;
  timeZone: string;
  /** The street, city and postcode, where the consignment service gave them: live carrier rates price from there. */
  address1?: string | null;
  city?: string | null;
  postcode?: string | null;
}

/**
 * What the consignment service says a company may ship with and from. Keys are lower case: service
 * ids (`<carrier name>|<service name>`) and warehouse ids (`<company_slug>|<warehouse name>`).
 */
export interface CompanyCatalog {
  company: string;
  services: ReadonlyMap<string, ServiceInfo>;
  /** `services` without the return services (docs/api/returns.md): a checkout never offers one. */
  checkoutServices: ReadonlyMap<string, ServiceInfo>;
  warehouses: ReadonlyMap<string, WarehouseInfo>;
  defaultWarehouse: WarehouseInfo | undefined;
}

export interface CatalogSource {
  get(company: string): Promise<CompanyCatalog>;
}

/** A warehouse by `<company_slug>|<name>` or by bare name, as the consignments API accepts it. */
export function findWarehouse(catalog: CompanyCatalog, ref: string): WarehouseInfo | undefined {
  const id = ref.includes('|') ? ref : `${catalog.company}|${ref}`;
  return catalog.warehouses.get(id.toLowerCase());
}

export interface CatalogParts {
  /** `return`: a return service, booked only for returns (absent from a consignment service older than returns). */
  services: Array<{ carrier_id: string; identifier: string; name: string; return?: boolean }>;
  /**
   * The company's carriers with what each declares it does (`GET /carriers`): services of a carrier that
   * does not `book` are never quoted nor allocated to. Absent, or a carrier without the field (a
   * consignment service older than capabilities), counts as booking.
   */
  carriers?: Array<{ identifier: string; capabilities?: string[] }>;
  warehouses: Array<{ identifier: string; name: string; is_default?: boolean; timezone?: string; address?: { country?: string; state?: string | null; address1?: string | null; city?: string | null; postcode?: string | null } }>;
}

function warehouseCountry(given: string | undefined): string {
  const text = String(given ?? 'GB');
  return countryCode(text) ?? text.toUpperCase();
}

/** Builds the catalog from the consignment service's /carrierservices and /warehouses answers. */
export function buildCatalog(company: string, parts: CatalogParts): CompanyCatalog {
  const services = new Map<string, ServiceInfo>();
  const checkoutServices = new Map<string, ServiceInfo>();
  const books = new Map((parts.carriers ?? []).map((c) => [c.identifier, c.capabilities?.includes('book') ?? true]));
  for (const s of parts.services) {
    if (books.get(s.carrier_id) === false) continue;
    const carrierName = s.identifier.slice(0, s.identifier.indexOf('|'));
    const info = { serviceId: s.identifier, serviceName: s.name, carrierId: s.carrier_id, carrierName, ...(s.return === true && { isReturn: true }) };
    services.set(s.identifier.toLowerCase(), info);
    if (s.return !== true) checkoutServices.set(s.identifier.toLowerCase(), info);
  }
  const warehouses = new Map<string, WarehouseInfo>();
  let defaultWarehouse: WarehouseInfo | undefined;
  let first: WarehouseInfo | undefined;
  for (const w of parts.warehouses) {
    const info: WarehouseInfo = {
      // Warehouses stored before countries were normalised may hold a name or an alpha-3 code.
      id: w.identifier, name: w.name, country: warehouseCountry(w.address?.country),
      region: w.address?.state ?? null, timeZone: w.timezone ?? 'Europe/London',
      address1: w.address?.address1 ?? null, city: w.address?.city ?? null, postcode: w.address?.postcode ?? null,
    };
    warehouses.set(w.identifier.toLowerCase(), info);
    first ??= info;
    if (w.is_default) defaultWarehouse = info;
  }
  return { company, services, checkoutServices, warehouses, defaultWarehouse: defaultWarehouse ?? first };
}
