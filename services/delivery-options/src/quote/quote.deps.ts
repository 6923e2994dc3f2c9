import type { CompiledRulesCache } from '../cache/compiled-rules.cache';
import type { CatalogSource } from '../directory/catalog';
import type { HolidayCalendar } from '../engine/holidays';
import type { Origin } from '../engine/quote';
import type { WarehouseInfo } from '../directory/catalog';
import type { LiveRates } from '../live-rates/live-rates';

/** What answering from the rules needs; every part is in memory after the first request of a company. */
export interface QuoteDeps {
  catalogs: CatalogSource;
  rules: CompiledRulesCache;
  holidays: HolidayCalendar;
  now: () => Date;
  /** Live carrier rates through carrier-link; absent, prices come from the rate sheets and rules alone. */
  live?: LiveRates;
}

export function originFrom(w: WarehouseInfo): Origin {
  return { warehouseId: w.id, place: { country: w.country, region: w.region }, timeZone: w.timeZone };
}
