import type { RatesResponse } from '@waybill/contracts';
import { wallClockMinute } from '../engine/calendar';
import { minorToDecimal } from '../engine/money';
import { linkPrice, type PriceSource } from '../engine/price-chain';
import { liveLinkFor } from '../live-rates/live-rates';
import { linksOf, quotes, type ServiceInfo } from '../engine/quote';
import { shipmentOf } from '../engine/shipment';
import { checkHorizon } from '../quote/request';
import type { QuoteDeps } from '../quote/quote.deps';
import { parseRatesRequest, ratesOrigin } from './rates.request';

type Rate = RatesResponse['rates'][number];
interface Found { service: ServiceInfo; minor: number; source: PriceSource; date: string | null; deliveryType: Rate['delivery_type'] }

/**
 * POST /rates (docs/api/rates.md): one price per service of the company that can carry the parcels,
 * cheapest first. A service a rule offers is priced as checkout prices it (the chain: the carrier's
 * live rate, the rate sheet, then the rule), with the rule's delivery type and date; a service no rule offers is priced by the
 * chain's sources alone (its rate sheet), without a date. A carrier none of whose services has a
 * price gets one entry in `errors`.
 */
export async function rates(deps: QuoteDeps, company: string, raw: unknown): Promise<RatesResponse> {
  const body = parseRatesRequest(raw);
  const [catalog, rules] = await Promise.all([deps.catalogs.get(company), deps.rules.get(company)]);
  const origin = ratesOrigin(catalog, body);
  const now = deps.now();
  const today = wallClockMinute(now, origin.timeZone).date;
  const shippingDate = checkHorizon(body.shipping_date ?? null, today) ?? today;
  const d = body.destination;
  const shipment = { ...shipmentOf({ recipient: { address: { country: d.country, postcode: d.postcode, city: d.city } }, packages: body.packages }), deliveryType: null };
  const services = new Map([...catalog.services].filter(([, s]) => !s.isReturn));
  // From a country without a warehouse there: the country (and the postcode given) is where the carrier rates from.
  const warehouse = catalog.warehouses.get(origin.warehouseId.toLowerCase())
    ?? { id: origin.warehouseId, name: origin.warehouseId, country: origin.place.country, region: origin.place.region ?? null, timeZone: origin.timeZone, postcode: (body.origin as { postcode?: string } | undefined)?.postcode ?? null };
  const live = await liveLinkFor(deps, { company, warehouse, shipment, services: services.entries(), currency: rules.currency, digits: rules.digits });
  const best = new Map<string, Found>();
  for (const q of quotes({ rules, services, holidays: deps.holidays, now, live }, shipment, origin, shippingDate)) {
    const seen = best.get(q.service.serviceId);
    if (seen && (seen.minor < q.priceMinor || (seen.minor === q.priceMinor && (seen.date ?? '') <= (q.deliveryDate ?? '')))) continue;
    best.set(q.service.serviceId, { service: q.service, minor: q.priceMinor, source: q.source, date: q.deliveryDate, deliveryType: q.rule.deliveryType });
  }
  const m = { shipment, warehouseId: origin.warehouseId, orderMinor: null };
  for (const [key, service] of services) {
    if (best.has(service.serviceId)) continue;
    const p = linkPrice(linksOf({ rules, live }), key, m);
    if (p) best.set(service.serviceId, { service, minor: p.minor, source: p.source, date: null, deliveryType: null });
  }
  const found = [...best.values()].sort((a, b) => a.minor - b.minor || (a.date ?? '9').localeCompare(b.date ?? '9') || a.service.serviceId.localeCompare(b.service.serviceId));
  const priced = new Set(found.map((f) => f.service.carrierId));
  const where = d.postcode ? `${d.country} ${d.postcode}` : d.country;
  const errors: RatesResponse['errors'] = [];
  for (const carrierId of new Set([...services.values()].map((s) => s.carrierId))) {
    if (!priced.has(carrierId)) errors.push({ carrier_id: carrierId, detail: `No live rate, rate sheet or delivery rule of this carrier's services prices these parcels to ${where}.` });
  }
  return {
    rates: found.map((f) => ({
      service_id: f.service.serviceId, carrier_id: f.service.carrierId, carrier: f.service.carrierName, service_name: f.service.serviceName,
      price: { amount: minorToDecimal(f.minor, rules.digits), currency: rules.currency, source: f.source },
      estimated_delivery_date: f.date, delivery_type: f.deliveryType,
    })),
    errors,
  };
}
