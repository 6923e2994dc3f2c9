import type { DeliveryOption } from '@waybill/contracts';
import type { CompiledRule, CompiledRuleSet } from './compile';
import type { MatchInput } from './conditions';
import type { HolidayCalendar } from './holidays';
import { minorToDecimal, numberToMinor } from './money';
import { wallClockMinute } from './calendar';
import { scheduleFor, type DatedOption, type Place } from './schedule';
import { candidatesFor } from './candidates';
import { priceOf, type PriceLink, type Priced, type PriceSource } from './price-chain';
import type { Shipment } from './shipment';

/** A carrier service enabled for the company, as the consignment service lists it. */
export interface ServiceInfo {
  serviceId: string;
  serviceName: string;
  carrierId: string;
  carrierName: string;
  /** A returns service (`"return": true` on /carrierservices): never offered by a price comparison. */
  isReturn?: boolean;
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
  /** The carriers' live rates that came in for this quote, asked before the rules' own sources. */
  live?: PriceLink;
}

/** The price chain of a quote: the live rates first where there are any, then the rule set's sources. */
export function linksOf(ctx: Pick<QuoteContext, 'rules' | 'live'>): readonly PriceLink[] {
  return ctx.live ? [ctx.live, ...ctx.rules.priceLinks] : ctx.rules.priceLinks;
}

/** One answer before it is written out: price in minor units so that ordering compares integers. */
export interface Quote {
  rule: CompiledRule;
  service: ServiceInfo;
  priceMinor: number;
  /** Which link of the price chain gave priceMinor. */
  source: PriceSource;
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
 * cheapest (the first of equals), so a promotion rule beside a standard rule does not show the
 * service twice. Only the rules that can deliver to the destination with an enabled service are looked at.
 */
export function quotes(ctx: QuoteContext, shipment: Shipment, origin: Origin, shippingDate: string | null): Quote[] {
  const m: MatchInput = { shipment, warehouseId: origin.warehouseId, orderMinor: orderMinorOf(shipment, ctx.rules) };
  const best = new Offers();
  const route = { origin: origin.place, destination: { country: shipment.country, region: shipment.region }, timeZone: origin.timeZone };
  const local = shippingDate === null ? null : wallClockMinute(ctx.now, origin.timeZone);
  const datesOf = local && scheduleFor(route, shippingDate!, local, ctx.holidays);
  const wanted = shipment.deliveryType;
  const links = linksOf(ctx);
  for (const { rule, service } of candidatesFor(ctx.rules, ctx.services, shipment.country)) {
    if (wanted !== null && rule.deliveryType !== wanted) continue;
    if (!rule.matches(m)) continue;
    const priced = priceOf(links, rule, m);
    if (priced === null) continue;
    if (datesOf === null) {
      best.offer(rule, service, priced, null);
      continue;
    }
    for (const d of datesOf(rule.timetable(origin.warehouseId))) best.offer(rule, service, priced, d);
  }
  return best.list;
}

/**
 * The quotes kept so far, in the order their option was first offered. An option is a rule's
 * `option` number (service and type) and a delivery date; the few quotes of one option number (one
 * per date) are found by a short scan rather than through a text key built per quote.
 */
class Offers {
  readonly list: Quote[] = [];
  private readonly byOption: number[][] = [];

  offer(rule: CompiledRule, service: ServiceInfo, priced: Priced, d: DatedOption | null): void {
    const date = d === null ? null : d.deliveryDate;
    let slots = this.byOption[rule.option];
    if (slots === undefined) {
      slots = [];
      this.byOption[rule.option] = slots;
    }
    for (const at of slots) {
      if (this.list[at].deliveryDate !== date) continue;
      if (priced.minor < this.list[at].priceMinor) this.list[at] = quoteOf(rule, service, priced, d);
      return;
    }
    slots.push(this.list.length);
    this.list.push(quoteOf(rule, service, priced, d));
  }
}

function quoteOf(rule: CompiledRule, service: ServiceInfo, priced: Priced, d: DatedOption | null): Quote {
  return { rule, service, priceMinor: priced.minor, source: priced.source, shippingDate: d === null ? null : d.shippingDate, deliveryDate: d === null ? null : d.deliveryDate, cutoff: d === null ? null : d.cutoff };
}

const byDate = (a: Quote, b: Quote) => (a.deliveryDate ?? '').localeCompare(b.deliveryDate ?? '');
const byPrice = (a: Quote, b: Quote) => a.priceMinor - b.priceMinor;
const byName = (a: Quote, b: Quote) => a.service.serviceId.localeCompare(b.service.serviceId) || a.rule.deliveryType.localeCompare(b.rule.deliveryType);

/** docs/api/delivery-options.md: by estimated delivery date (undated: by price alone), then price; ties by service for a stable answer. */
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
    price: { amount: minorToDecimal(q.priceMinor, rules.digits), currency: rules.currency, source: q.source },
  };
}
