import type { PriceLink } from '../engine/price-chain';
import { decimalToMinor } from '../engine/money';
import type { ServiceInfo } from '../engine/quote';
import type { Shipment } from '../engine/shipment';
import type { WarehouseInfo } from '../directory/catalog';
import type { CarrierRates, RatingPlace, RatingQuestion } from './carrier-rates.client';
import { LiveRatesCache, type LiveRate } from './live-rates.cache';

/** The checkout's default budget for live rates, milliseconds (`RATES_TIMEOUT_MS`). */
export const DEFAULT_RATES_TIMEOUT_MS = 1500;

/** `RATES_TIMEOUT_MS` from the environment: a whole number of milliseconds, else the default. */
export function ratesTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const v = Number(env.RATES_TIMEOUT_MS);
  return Number.isInteger(v) && v >= 0 ? v : DEFAULT_RATES_TIMEOUT_MS;
}

/** What a live-rate question is about: the company, where from, the shipment, the services that may be offered. */
export interface LiveAsk {
  company: string;
  warehouse: WarehouseInfo;
  shipment: Shipment;
  /** Catalog key (lower-case service id) → service. */
  services: Iterable<readonly [string, ServiceInfo]>;
  currency: string;
  digits: number;
}

/** The route and parcels part of a cache key: origin and destination postcodes, weights and sides. */
export function routeKey(warehouse: WarehouseInfo, s: Shipment): string | null {
  if (s.parcels.length === 0 || s.parcels.some((p) => p.weightKg === null || !(p.weightKg > 0))) return null;
  const parcels = s.parcels.map((p) => `${p.weightKg}${p.sides ? `x${p.sides.join('x')}` : ''}`).join(',');
  return `${warehouse.id}>${s.country}:${s.postcodeCompact ?? ''}:${s.region ?? ''}|${parcels}`;
}

function questionOf(warehouse: WarehouseInfo, s: Shipment, services: string[]): RatingQuestion {
  const origin: RatingPlace = { country: warehouse.country, postcode: warehouse.postcode ?? null, city: warehouse.city ?? null, state: warehouse.region, address1: warehouse.address1 ?? null };
  return {
    origin,
    destination: { country: s.country, postcode: s.postcode, state: s.region },
    parcels: s.parcels.map((p) => ({ weight_kg: p.weightKg!, ...(p.sides ? { length_cm: p.sides[0], width_cm: p.sides[1], height_cm: p.sides[2] } : {}) })),
    services,
    origin_time_zone: warehouse.timeZone,
  };
}

/**
 * Live prices from the company's carriers, through carrier-link: every carrier asked at once, the
 * quote waiting at most `budgetMs` for them. What came in by then prices the options (`source:
 * carrier`); a carrier that is slow, down or refusing leaves its services to the rate sheet or the rule.
 * Answers are cached per company, carrier, service, route and parcels for 10 minutes, also those that
 * come in after the budget (the next identical quote has them); a question already on its way is not
 * asked twice.
 */
export class LiveRates {
  private readonly inflight = new Map<string, Promise<void>>();

  constructor(private readonly carriers: CarrierRates, readonly budgetMs: number = DEFAULT_RATES_TIMEOUT_MS, readonly cache = new LiveRatesCache()) {}

  /** A price link answering the services with a live price in the company's currency, or undefined when none came in. */
  async link(ask: LiveAsk): Promise<PriceLink | undefined> {
    const route = routeKey(ask.warehouse, ask.shipment);
    if (route === null) return undefined;
    const byCarrier = new Map<string, Array<{ key: string; service: ServiceInfo }>>();
    for (const [key, service] of ask.services) {
      if (this.cache.cannotRate(`${ask.company}|${service.carrierId}`)) continue;
      const list = byCarrier.get(service.carrierId) ?? [];
      list.push({ key, service });
      byCarrier.set(service.carrierId, list);
    }
    if (byCarrier.size === 0) return undefined;
    const rateKey = (carrier: string, serviceName: string) => `${ask.company}|${carrier}|${serviceName}|${route}`;
    const pending: Promise<void>[] = [];
    for (const [carrier, list] of byCarrier) {
      const names = new Set(list.map((s) => s.service.serviceName));
      const missing = [...names].filter((name) => this.cache.get(rateKey(carrier, name)) === undefined).sort();
      if (missing.length > 0) pending.push(this.askOnce(ask, carrier, missing, route, rateKey));
    }
    if (pending.length > 0) await within(Promise.all(pending), this.budgetMs);
    const prices = new Map<string, number>();
    for (const [carrier, list] of byCarrier) {
      for (const { key, service } of list) {
        const rate = this.cache.get(rateKey(carrier, service.serviceName));
        const minor = rate ? minorOf(rate, ask.currency, ask.digits) : null;
        if (minor !== null) prices.set(key, minor);
      }
    }
    if (prices.size === 0) return undefined;
    return (serviceKey) => {
      const minor = prices.get(serviceKey);
      return minor === undefined ? null : { minor, source: 'carrier' };
    };
  }

  private askOnce(ask: LiveAsk, carrier: string, services: string[], route: string, rateKey: (c: string, s: string) => string): Promise<void> {
    const callKey = `${ask.company}|${carrier}|${route}|${services.join(',')}`;
    const running = this.inflight.get(callKey);
    if (running) return running;
    const call = this.carriers.ask(ask.company, carrier, questionOf(ask.warehouse, ask.shipment, services)).then((answer) => {
      if (answer.rated) {
        const got = new Map(answer.rates.map((r) => [r.service, r]));
        for (const s of services) {
          const r = got.get(s);
          this.cache.set(rateKey(carrier, s), r ? { amount: r.amount, currency: r.currency } : null);
        }
      } else if (answer.reason === 'refused') {
        for (const s of services) this.cache.set(rateKey(carrier, s), null);
      } else {
        this.cache.markCannotRate(`${ask.company}|${carrier}`);
      }
    }, () => undefined).finally(() => this.inflight.delete(callKey));
    this.inflight.set(callKey, call);
    return call;
  }
}

/** The live rate in the company's minor units; one in another currency cannot be compared, so it is not used. */
function minorOf(rate: LiveRate, currency: string, digits: number): number | null {
  if (rate.currency.toUpperCase() !== currency.toUpperCase()) return null;
  try {
    return decimalToMinor(rate.amount, digits);
  } catch {
    return null;
  }
}

/** Waits for `work`, but not past `ms`. */
function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => { timer = setTimeout(resolve, ms); });
  return Promise.race([work.then(() => undefined), late]).finally(() => clearTimeout(timer));
}

/** The live-rate link of a quote, when the deployment asks carriers (`deps.live`); never slower than its budget. */
export function liveLinkFor(deps: { live?: LiveRates }, ask: LiveAsk): Promise<PriceLink | undefined> {
  return deps.live ? deps.live.link(ask) : Promise.resolve(undefined);
}
