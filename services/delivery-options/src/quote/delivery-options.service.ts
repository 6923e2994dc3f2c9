import type { DeliveryOptionsResponse } from '@waybill/contracts';
import { fastestFirst, quotes, toDeliveryOption } from '../engine/quote';
import { shipmentOf } from '../engine/shipment';
import { wallClockMinute } from '../engine/calendar';
import { checkHorizon, originOf, parseRequest } from './request';
import { originFrom, type QuoteDeps } from './quote.deps';
import type { CompanyCatalog } from '../directory/catalog';
import type { CompiledRuleSet } from '../engine/compile';
import type { PriceLink } from '../engine/price-chain';
import { candidatesFor } from '../engine/candidates';
import { liveLinkFor } from '../live-rates/live-rates';

/** POST delivery_options: every option the company's rules give, soonest first, then cheapest. */
export async function deliveryOptions(deps: QuoteDeps, company: string, raw: unknown): Promise<DeliveryOptionsResponse> {
  const body = parseRequest(raw);
  const [catalog, rules] = await Promise.all([deps.catalogs.get(company), deps.rules.get(company)]);
  const shipment = shipmentOf(body);
  const services = candidatesFor(rules, catalog.checkoutServices, shipment.country).map((c) => [c.rule.serviceKey, c.service] as const);
  const live = await liveLinkFor(deps, { company, warehouse: originOf(catalog, body.warehouse_id), shipment, services, currency: rules.currency, digits: rules.digits });
  return quoteBasket(deps, catalog, rules, body, live);
}

/**
 * Quotes a validated request against a compiled rule set: the one engine behind delivery options and
 * the rules editor's preview, so the two can never disagree.
 */
export function quoteBasket(deps: QuoteDeps, catalog: CompanyCatalog, rules: CompiledRuleSet, body: Record<string, any>, live?: PriceLink): DeliveryOptionsResponse {
  const origin = originFrom(originOf(catalog, body.warehouse_id));
  const shipment = shipmentOf(body);
  const now = deps.now();
  const shippingDate = shipment.shippingDate === null ? null : checkHorizon(shipment.shippingDate, wallClockMinute(now, origin.timeZone).date);
  const found = quotes({ rules, services: catalog.checkoutServices, holidays: deps.holidays, now, live }, shipment, origin, shippingDate);
  return { delivery_options: fastestFirst(found).map((q) => toDeliveryOption(q, rules)) };
}
