import type { DeliveryRule } from '@waybill/contracts';
import { compileRuleSet } from '../engine/compile';
import { HolidayCalendar } from '../engine/holidays';
import { quotes, type ServiceInfo } from '../engine/quote';
import { shipmentOf } from '../engine/shipment';
import type { WarehouseInfo } from '../directory/catalog';
import type { CarrierRates, RatingAnswer, RatingQuestion } from './carrier-rates.client';
import { LiveRates, ratesTimeoutMs, routeKey, type LiveAsk } from './live-rates';
import { LiveRatesCache } from './live-rates.cache';

const warehouse: WarehouseInfo = { id: 'acme|london', name: 'London', country: 'GB', region: null, timeZone: 'Europe/London', postcode: 'E14 5AB', city: 'London' };
const SERVICES: Array<[string, ServiceInfo]> = [
  ['ups|ups standard', { serviceId: 'UPS|UPS Standard', serviceName: 'UPS Standard', carrierId: 'ups', carrierName: 'UPS' }],
  ['dhl express|express worldwide', { serviceId: 'DHL Express|Express Worldwide', serviceName: 'Express Worldwide', carrierId: 'dhl-express', carrierName: 'DHL Express' }],
  ['globex|economy', { serviceId: 'Globex|Economy', serviceName: 'Economy', carrierId: 'globex', carrierName: 'Globex' }],
];
const shipment = (weight = 2, postcode = '10115') => shipmentOf({ recipient: { address: { country: 'DE', postcode } }, packages: [{ weight, length: 10, width: 30, height: 20 }] });
const ask = (over: Partial<LiveAsk> = {}): LiveAsk => ({ company: 'acme', warehouse, shipment: shipment(), services: [...SERVICES, ['ups|ups standard (alias)', SERVICES[0][1]]], currency: 'GBP', digits: 2, ...over });

/** A carrier-link stand-in: per carrier an answer (or a never-settling promise), recording the questions. */
function carriers(answers: Record<string, (q: RatingQuestion) => Promise<RatingAnswer>>) {
  const asked: Array<{ carrier: string; question: RatingQuestion }> = [];
  const rates: CarrierRates = {
    ask: (_company, carrier, question) => {
      asked.push({ carrier, question });
      return (answers[carrier] ?? (async () => ({ rated: false, reason: 'no_account', detail: 'none' })))(question);
    },
  };
  return { rates, asked };
}
const priced = (service: string, amount: string, currency = 'GBP') => async (): Promise<RatingAnswer> => ({ rated: true, rates: [{ service, amount, currency }] });
const never = () => new Promise<RatingAnswer>(() => undefined);
const failing = async (): Promise<RatingAnswer> => { throw new Error('carrier-link answered 503'); };
const priceOf = async (live: LiveRates, key: string, a = ask()) => (await live.link(a))?.(key, undefined as never) ?? null;

describe('live rates', () => {
  it('asks every carrier at once with the route and parcels, and prices the services that came in', async () => {
    const c = carriers({ ups: priced('UPS Standard', '8.40'), 'dhl-express': priced('Express Worldwide', '21.05') });
    const live = new LiveRates(c.rates, 200);
    const link = await live.link(ask());
    expect(link!('ups|ups standard', undefined as never)).toEqual({ minor: 840, source: 'carrier' });
    expect(link!('ups|ups standard (alias)', undefined as never)).toEqual({ minor: 840, source: 'carrier' });
    expect(link!('dhl express|express worldwide', undefined as never)).toEqual({ minor: 2105, source: 'carrier' });
    expect(link!('globex|economy', undefined as never)).toBeNull();
    // The same service under two keys (the catalog's, a rule's spelling) is asked once and priced under both.
    expect(c.asked.filter((a) => a.carrier === 'ups')).toHaveLength(1);
    expect(c.asked.find((a) => a.carrier === 'ups')!.question).toEqual({
      origin: { country: 'GB', postcode: 'E14 5AB', city: 'London', state: null, address1: null },
      destination: { country: 'DE', postcode: '10115', state: null },
      parcels: [{ weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 10 }],
      services: ['UPS Standard'],
      origin_time_zone: 'Europe/London',
    });
  });

  it('waits no longer than the budget: a hanging or failing carrier leaves its services to the next link', async () => {
    const c = carriers({ ups: never, 'dhl-express': priced('Express Worldwide', '21.05'), globex: failing });
    const live = new LiveRates(c.rates, 50);
    const started = Date.now();
    const link = await live.link(ask());
    expect(Date.now() - started).toBeLessThan(500);
    expect(link!('ups|ups standard', undefined as never)).toBeNull();
    expect(link!('dhl express|express worldwide', undefined as never)).toEqual({ minor: 2105, source: 'carrier' });
  });

  it('reuses a rate for the same parcel, route and service; another weight or postcode asks again', async () => {
    const c = carriers({ ups: priced('UPS Standard', '8.40') });
    const live = new LiveRates(c.rates, 200);
    await live.link(ask());
    await live.link(ask());
    expect(c.asked.filter((a) => a.carrier === 'ups')).toHaveLength(1);
    await live.link(ask({ shipment: shipment(3) }));
    await live.link(ask({ shipment: shipment(2, '80331') }));
    expect(c.asked.filter((a) => a.carrier === 'ups')).toHaveLength(3);
    // Carriers without an account say so once; they are not asked again by the next quotes.
    expect(c.asked.filter((a) => a.carrier === 'globex')).toHaveLength(1);
  });

  it('asks once for identical quotes at the same time, and keeps an answer that came after the budget', async () => {
    let release!: (a: RatingAnswer) => void;
    const c = carriers({ ups: () => new Promise<RatingAnswer>((r) => { release = r; }) });
    const live = new LiveRates(c.rates, 20);
    const [a, b] = await Promise.all([priceOf(live, 'ups|ups standard'), priceOf(live, 'ups|ups standard')]);
    expect([a, b]).toEqual([null, null]);
    expect(c.asked.filter((x) => x.carrier === 'ups')).toHaveLength(1);
    release({ rated: true, rates: [{ service: 'UPS Standard', amount: '8.40', currency: 'GBP' }] });
    await new Promise((r) => setImmediate(r));
    expect(await priceOf(live, 'ups|ups standard')).toEqual({ minor: 840, source: 'carrier' });
    expect(c.asked.filter((x) => x.carrier === 'ups')).toHaveLength(1);
  });

  it('leaves out a rate in another currency, and asks nothing for parcels without weight', async () => {
    const c = carriers({ ups: priced('UPS Standard', '9.10', 'EUR') });
    const live = new LiveRates(c.rates, 200);
    expect(await priceOf(live, 'ups|ups standard')).toBeNull();
    const unweighed = shipmentOf({ recipient: { address: { country: 'DE' } }, packages: [{}] });
    expect(routeKey(warehouse, unweighed)).toBeNull();
    expect(await live.link(ask({ shipment: unweighed }))).toBeUndefined();
  });

  it('forgets a rate after 10 minutes', () => {
    let now = 0;
    const cache = new LiveRatesCache(600_000, 60_000, 10, () => now);
    cache.set('k', { amount: '1.00', currency: 'GBP' });
    now = 599_999;
    expect(cache.get('k')).toEqual({ amount: '1.00', currency: 'GBP' });
    now = 600_000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('reads RATES_TIMEOUT_MS, 1500 by default', () => {
    expect(ratesTimeoutMs({})).toBe(1500);
    expect(ratesTimeoutMs({ RATES_TIMEOUT_MS: '800' })).toBe(800);
    expect(ratesTimeoutMs({ RATES_TIMEOUT_MS: 'soon' })).toBe(1500);
  });
});

describe('the chain with live rates', () => {
  const rule = (price: DeliveryRule['price']): DeliveryRule => ({
    id: 'r', name: 'r', enabled: true, service_id: 'UPS|UPS Standard', delivery_type: 'standard', conditions: {}, price, schedule: {}, created_at: '', updated_at: '',
  });
  const origin = { warehouseId: 'acme|london', place: { country: 'GB', region: null }, timeZone: 'Europe/London' };
  const quote = async (price: DeliveryRule['price'], answer = priced('UPS Standard', '10.00'), orderValue?: number) => {
    const set = compileRuleSet([rule(price)], { currency: 'GBP', allocationPreference: 'cheapest' });
    const live = await new LiveRates(carriers({ ups: answer }).rates, 200).link(ask());
    const s = shipmentOf({ recipient: { address: { country: 'DE', postcode: '10115' } }, packages: [{ weight: 2, length: 10, width: 30, height: 20 }], ...(orderValue !== undefined && { order_value: orderValue }) });
    return quotes({ rules: set, services: new Map(SERVICES), holidays: new HolidayCalendar(), now: new Date('2026-03-10T09:00:00Z'), live }, s, origin, null).map((q) => [q.priceMinor, q.source]);
  };

  it('takes the carrier\'s rate before the rule, with the rule\'s markup, percentage then fixed', async () => {
    expect(await quote({ amount: '7.00' })).toEqual([[1000, 'carrier']]);
    expect(await quote({ amount: '7.00', markup: { percent: 12.5 } } as DeliveryRule['price'])).toEqual([[1125, 'carrier']]);
    expect(await quote({ amount: '7.00', markup: { percent: 10, amount: '0.99' } } as DeliveryRule['price'])).toEqual([[1199, 'carrier']]);
  });

  it('falls back to the rule without a live rate, and stays free above the rule\'s order value', async () => {
    expect(await quote({ amount: '7.00' }, failing)).toEqual([[700, 'rule']]);
    expect(await quote({ amount: '7.00', free_above: '50.00' }, priced('UPS Standard', '10.00'), 80)).toEqual([[0, 'rule']]);
  });
});
