import { HttpError, type ServiceClient } from '@waybill/http';
import type { Logger } from '@waybill/logger';
import { buildCatalog, type CatalogParts, type CatalogSource, type CompanyCatalog } from './catalog';

interface Entry { catalog?: CompanyCatalog; fetchedAt: number; loading?: Promise<CompanyCatalog> }

/**
 * Warehouses, enabled carriers (with their capabilities) and their services belong to the consignment service; this asks it over
 * internal HTTP and keeps the answer per company. A fresh entry is served from memory; a stale one
 * is served too while one background refresh runs, so the checkout path waits for the consignment
 * service only the first time a company is seen. Changes there show here within `ttlMs`.
 */
export class ConsignmentCatalogs implements CatalogSource {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly client: ServiceClient, private readonly logger: Logger, private readonly ttlMs = 30_000) {}

  get(company: string): Promise<CompanyCatalog> {
    const e = this.entries.get(company);
    if (e?.catalog) {
      if (Date.now() - e.fetchedAt > this.ttlMs && !e.loading) this.refresh(company, e).catch((err) => this.logger.warn({ err, company }, 'catalog refresh failed; serving the last one'));
      return Promise.resolve(e.catalog);
    }
    return e?.loading ?? this.refresh(company, e ?? { fetchedAt: 0 });
  }

  private refresh(company: string, entry: Entry): Promise<CompanyCatalog> {
    this.entries.set(company, entry);
    entry.loading = this.fetch(company).then((catalog) => {
      entry.catalog = catalog;
      entry.fetchedAt = Date.now();
      return catalog;
    }).finally(() => {
      entry.loading = undefined;
      if (!entry.catalog) this.entries.delete(company);
    });
    return entry.loading;
  }

  private async fetch(company: string): Promise<CompanyCatalog> {
    const principal = { company, principal: 'service:delivery-options' };
    const base = `/companies/${encodeURIComponent(company)}`;
    const [services, warehouses, carriers] = await Promise.all([
      this.client.request<CatalogParts['services']>('consignment', 'GET', `${base}/carrierservices`, principal, undefined, 5000),
      this.client.request<CatalogParts['warehouses']>('consignment', 'GET', `${base}/warehouses`, principal, undefined, 5000),
      this.client.request<NonNullable<CatalogParts['carriers']>>('consignment', 'GET', `${base}/carriers`, principal, undefined, 5000),
    ]);
    for (const r of [services, warehouses]) {
      if (r.status !== 200 || !Array.isArray(r.body)) throw new HttpError(503, 'The consignment service could not list the company\'s carriers and warehouses; try again shortly.', {}, { 'Retry-After': '5' });
    }
    // Without the carriers' capabilities every service is offered: the consignment service refuses to book
    // with a carrier that does not book, so a missing answer costs a refusal, not a wrong booking.
    const described = carriers.status === 200 && Array.isArray(carriers.body) ? carriers.body : undefined;
    return buildCatalog(company, { services: services.body, warehouses: warehouses.body, carriers: described });
  }
}
