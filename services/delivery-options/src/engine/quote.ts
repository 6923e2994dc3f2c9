import type { DeliveryOption } from '@waybill/contracts';
import type { CompiledRule, CompiledRuleSet } from './compile';
import type { MatchInput } from './conditions';
import type { HolidayCalendar } from './holidays';
import { minorToDecimal, numberToMinor } from './money';
import { wallClock } from './calendar';
import { cachedSchedule, type Place } from './schedule';
import type { Shipment } from './shipment';

/** A carrier service enabled for the company, as the consignment service lists it. */
export interface ServiceInfo {
  serviceId: string;
  serviceName: string;
  carrierId: string;
  carrierName: string;
}

export interface Origin {
  warehouseId: string;
  place: Place;
  timeZone: string;
}

export interface QuoteContext {
  rules: CompiledRuleSet;
  services: ReadonlyMap<string, ServiceInfo>;
  holidays: HolidayCalendar;
  now: Date;
}

/** One answer before it is written out: price in minor units so that ordering compares integers. */
export interface Quote {
  rule: CompiledRule;
  service: ServiceInfo;
  priceMinor: number;
  shippingDate: string | null;
  deliveryDate: string | null;
  cutoff: string | null;
}

/** The order value in company minor units; another currency cannot be compared, so it counts as absent. */
function orderMinorOf(s: Shipment, rules: CompiledRuleSet): number | null {
  if (s.orderValue === null || (s.currency !== null && s.currency !== rules.currency)) return null;
  return numberToMinor(s.orderValue, rules.digits);
}

/**
 * Every option whose rule matches. Several rules giving the same service, type and date keep the
 * cheapest, so a promotion rule beside a standard rule does not show the service twice.
 */
export function quotes(ctx: QuoteContext, shipment: Shipment, origin: Origin, shippingDate: string | null): Quote[] {
  const m: MatchInput = { shipment, warehouseId: origin.warehouseId, orderMinor: orderMinorOf(shipment, ctx.rules) };
  const best = new Map<string, Quote>();
  const route = { origin: origin.place, destination: { country: shipment.country, region: shipment.region }, timeZone: origin.timeZone };
  const local = shippingDate === null ? null : wallClock(ctx.now, origin.timeZone);
  const routeKey = `${origin.place.country}|${origin.place.region ?? ''}|${shipment.country}|${shipment.region ?? ''}|${origin.timeZone}`;
  for (const rule of ctx.rules.forCountry(shipment.country)) {
    if (shipment.deliveryType !== null && rule.deliveryType !== shipment.deliveryType) continue;
    const service = ctx.services.get(rule.serviceKey);
    if (!service || !rule.matches(m)) continue;
    const priceMinor = rule.price(m);
    if (priceMinor === null) continue;
    const dated = local === null ? [null] : cachedSchedule(rule.timetable(origin.warehouseId), route, routeKey, shippingDate!, local, ctx.holidays);
    for (const d of dated) {
      const q: Quote = { rule, service, priceMinor, shippingDate: d?.shippingDate ?? null, deliveryDate: d?.deliveryDate ?? null, cutoff: d?.cutoff ?? null };
      const key = `${rule.serviceKey}|${rule.deliveryType}|${q.deliveryDate}`;
      const seen = best.get(key);
      if (!seen || q.priceMinor < seen.priceMinor) best.set(key, q);
    }
  }
  return [...best.values()];
}

const byDate = (a: Quote, b: Quote) => (a.deliveryDate ?? '').localeCompare(b.deliveryDate ?? '');
const byPrice = (a: Quote, b: Quote) => a.priceMinor - b.priceMinor;
const byName = (a: Quote, b: Quote) => a.service.serviceId.localeCompare(b.service.serviceId) || a.rule.deliveryType.localeCompare(b.rule.deliveryType);

/** API.md 7: by estimated delivery date (undated: by price alone), then price; ties by service for a stable answer. */
export function fastestFirst(list: Quote[]): Quote[] {
  return list.sort((a, b) => byDate(a, b) || byPrice(a, b) || byName(a, b));
}

export function cheapestFirst(list: Quote[]): Quote[] {
  return list.sort((a, b) => byPrice(a, b) || byDate(a, b) || byName(a, b));
}

export function toDeliveryOption(q: Quote, rules: CompiledRuleSet): DeliveryOption {
  return {
    service_id: q.service.serviceId,
    carrier: q.service.carrierName,
    carrier_id: q.service.carrierId,
    service_name: q.service.serviceName,
    delivery_type: q.rule.deliveryType,
    shipping_date: q.shippingDate,
    estimated_delivery_date: q.deliveryDate,
    delivery_window: q.rule.window ? { start: q.rule.window.start, end: q.rule.window.end } : null,
    cutoff: q.cutoff,
    price: { amount: minorToDecimal(q.priceMinor, rules.digits), currency: rules.currency },
  };
}
