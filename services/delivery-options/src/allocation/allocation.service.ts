import { InvalidError } from '@waybill/http';
import { addDays, wallClock } from '../engine/calendar';
import { minorToDecimal } from '../engine/money';
import { cheapestFirst, fastestFirst, quotes } from '../engine/quote';
import { shipmentOf } from '../engine/shipment';
import { HORIZON_DAYS, originOf } from '../quote/request';
import { originFrom, type QuoteDeps } from '../quote/quote.deps';
import { candidatesFor } from '../engine/candidates';
import { liveLinkFor } from '../live-rates/live-rates';

export interface AllocationCandidates {
  preference: 'cheapest' | 'fastest';
  /** Services to try in this order, each once: `<carrier name>|<service name>`. */
  candidates: Array<{ service_id: string; price: string; estimated_delivery_date: string }>;
}

/**
 * Allocation by rules (docs/api/allocation.md): the same compiled rules as checkout, for a consignment body, ordered
 * by the company's preference. The consignment service books the first one its carrier accepts.
 * Without a shipping date the consignment ships as soon as the warehouse can.
 */
export async function allocationCandidates(deps: QuoteDeps, company: string, body: Record<string, any>): Promise<AllocationCandidates> {
  const country = body?.recipient?.address?.country;
  if (typeof country !== 'string' || !/^[A-Za-z]{2}$/.test(country)) throw InvalidError.field('recipient.address.country', 'This field is required.');
  const [catalog, rules] = await Promise.all([deps.catalogs.get(company), deps.rules.get(company)]);
  const warehouse = originOf(catalog, body.warehouse_id);
  const origin = originFrom(warehouse);
  const now = deps.now();
  const shipment = { ...shipmentOf(body), deliveryType: null };
  const today = wallClock(now, origin.timeZone).date;
  // A consignment's date far ahead is still allocated, as if it shipped at the end of the horizon.
  const latest = addDays(today, HORIZON_DAYS);
  const shippingDate = shipment.shippingDate === null ? today : shipment.shippingDate > latest ? latest : shipment.shippingDate;
  // Allocation by cheapest compares the prices checkout shows: the carriers' live rates first.
  const services = candidatesFor(rules, catalog.services, shipment.country).map((c) => [c.rule.serviceKey, c.service] as const);
  const live = await liveLinkFor(deps, { company, warehouse, shipment, services, currency: rules.currency, digits: rules.digits });
  const found = quotes({ rules, services: catalog.services, holidays: deps.holidays, now, live }, shipment, origin, shippingDate);
  const ordered = rules.preference === 'fastest' ? fastestFirst(found) : cheapestFirst(found);
  const seen = new Set<string>();
  const candidates: AllocationCandidates['candidates'] = [];
  for (const q of ordered) {
    if (seen.has(q.service.serviceId)) continue;
    seen.add(q.service.serviceId);
    candidates.push({ service_id: q.service.serviceId, price: minorToDecimal(q.priceMinor, rules.digits), estimated_delivery_date: q.deliveryDate! });
  }
  return { preference: rules.preference, candidates };
}
