import type { DeliveryRule } from '@waybill/contracts';
import { compileRuleSet } from './compile';
import { HolidayCalendar } from './holidays';
import { cheapestFirst, fastestFirst, quotes, toDeliveryOption, type QuoteContext, type ServiceInfo } from './quote';
import { shipmentOf } from './shipment';

const services = new Map<string, ServiceInfo>([
  ['generic carrier|generic next day gnxt', { serviceId: 'Generic Carrier|Generic Next Day GNXT', serviceName: 'Generic Next Day GNXT', carrierId: 'generic', carrierName: 'Generic Carrier' }],
  ['generic carrier|generic domestic service gdom', { serviceId: 'Generic Carrier|Generic Domestic Service GDOM', serviceName: 'Generic Domestic Service GDOM', carrierId: 'generic', carrierName: 'Generic Carrier' }],
  ['parcelink|parcelink standard', { serviceId: 'Parcelink|Parcelink Standard', serviceName: 'Parcelink Standard', carrierId: 'parcelink', carrierName: 'Parcelink' }],
]);
let n = 0;
function rule(r: Partial<DeliveryRule> & Pick<DeliveryRule, 'service_id' | 'delivery_type' | 'price'>): DeliveryRule {
  n++;
  return { id: `r${n}`, name: `rule ${n}`, enabled: true, conditions: {}, schedule: {}, created_at: '', updated_at: '', ...r };
}
const origin = { warehouseId: 'acme|London', place: { country: 'GB' }, timeZone: 'Europe/London' };
const settings = { currency: 'GBP', allocationPreference: 'cheapest' as const };

function ask(rules: DeliveryRule[], body: Record<string, unknown>, shippingDate: string | null = null) {
  const ctx: QuoteContext = { rules: compileRuleSet(rules, settings), services, holidays: new HolidayCalendar(), now: new Date('2026-03-10T09:00:00Z') };
  const list = fastestFirst(quotes(ctx, shipmentOf({ recipient: { address: { country: 'GB', postcode: 'SW1A 2AA' } }, ...body }), origin, shippingDate));
  return list.map((q) => toDeliveryOption(q, ctx.rules));
}

const nextDay = rule({ service_id: 'Generic Carrier|Generic Next Day GNXT', delivery_type: 'next_day', price: { amount: '6.95' }, schedule: { cutoff: '16:00' } });
const standard = rule({ service_id: 'Generic Carrier|Generic Domestic Service GDOM', delivery_type: 'standard', price: { amount: '3.95' }, conditions: { countries: ['GB'] } });

describe('rules engine', () => {
  it('answers every matching rule with carrier name, identifier, price text and dates', () => {
    const out = ask([standard, nextDay], {}, '2026-03-10');
    expect(out).toEqual([
      {
        service_id: 'Generic Carrier|Generic Next Day GNXT', carrier: 'Generic Carrier', carrier_id: 'generic', service_name: 'Generic Next Day GNXT',
        delivery_type: 'next_day', shipping_date: '2026-03-10', estimated_delivery_date: '2026-03-11', delivery_window: null,
        cutoff: '2026-03-10T16:00:00+00:00', price: { amount: '6.95', currency: 'GBP', source: 'rule' },
      },
      expect.objectContaining({ service_id: 'Generic Carrier|Generic Domestic Service GDOM', estimated_delivery_date: '2026-03-12', cutoff: '2026-03-11T00:00:00+00:00' }),
    ]);
  });

  it('orders undated options by price alone, and leaves dates and cutoff null', () => {
    const out = ask([nextDay, standard], {});
    expect(out.map((o) => [o.price.amount, o.shipping_date, o.estimated_delivery_date, o.cutoff])).toEqual([['3.95', null, null, null], ['6.95', null, null, null]]);
  });

  it('filters by settings.delivery_type', () => {
    expect(ask([standard, nextDay], { settings: { delivery_type: 'standard' } }).map((o) => o.delivery_type)).toEqual(['standard']);
    expect(ask([standard, nextDay], { settings: { delivery_type: 'same_day' } })).toEqual([]);
  });

  it('matches destination countries, the EU group and postcode patterns with exclusions', () => {
    const eu = rule({ service_id: 'Parcelink|Parcelink Standard', delivery_type: 'standard', price: { amount: '9' }, conditions: { countries: ['EU'] } });
    expect(ask([standard, eu], { recipient: { address: { country: 'de' } } }).map((o) => o.service_id)).toEqual(['Parcelink|Parcelink Standard']);
    expect(ask([standard, eu], { recipient: { address: { country: 'US' } } })).toEqual([]);
    const london = rule({ service_id: 'Parcelink|Parcelink Standard', delivery_type: 'same_day', price: { amount: '12' }, conditions: { countries: ['GB'], postcodes: ['SW*', 'E1 ?*'], exclude_postcodes: ['SW1A*'] } });
    const at = (postcode: string) => ask([london], { recipient: { address: { country: 'GB', postcode } } }).length;
    expect([at('sw4 7aa'), at('E1 6AN'), at('e16an'), at('E14 5AB'), at('SW1A 2AA'), at('M1 1AA')]).toEqual([1, 1, 1, 0, 0, 0]);
  });

  it('applies package and consignment limits, rotating dimensions and ignoring unknown values', () => {
    const limited = rule({
      service_id: 'Parcelink|Parcelink Standard', delivery_type: 'standard', price: { amount: '2.99' },
      conditions: { max_package_weight_kg: 10, max_package_dimensions_cm: [120, 60, 60], max_consignment_weight_kg: 15, max_packages: 2 },
    });
    const fits = (packages: unknown[]) => ask([limited], { packages }).length === 1;
    expect(fits([{ weight: 10, length: 60, width: 120, height: 50 }])).toBe(true);
    expect(fits([{ weight: 10001, weight_unit: 'g' }])).toBe(false);
    expect(fits([{ weight: 1, length: 70, width: 70, height: 10 }])).toBe(false);
    expect(fits([{ weight: 1, length: 1.3, width: 0.5, height: 0.5, dimensions_unit: 'm' }])).toBe(false);
    expect(fits([{ description: 'no weight, no size' }])).toBe(true);
    expect(fits([{ weight: 8 }, { weight: 8 }])).toBe(false);
    expect(fits([{ weight: 1 }, { weight: 1 }, { weight: 1 }])).toBe(false);
    expect(fits([{ items: [{ weight: 4, quantity: 3 }] }])).toBe(false);
  });

  it('matches shipping_method, rules_package_type, options and custom fields exactly', () => {
    const picky = rule({
      service_id: 'Parcelink|Parcelink Standard', delivery_type: 'standard', price: { amount: '1' },
      conditions: { shipping_methods: ['Express'], rules_package_types: ['parcel'], options: { signature_required: 'true' }, custom_fields: { custom_field_1: 'vip' } },
    });
    const body = { shipping_method: 'express', rules_package_type: 'PARCEL', options: { signature_required: 'true' }, custom_field_1: 'vip' };
    expect(ask([picky], body)).toHaveLength(1);
    expect(ask([picky], { ...body, custom_field_1: 'VIP' })).toHaveLength(0);
    expect(ask([picky], { ...body, options: {} })).toHaveLength(0);
    expect(ask([picky], { ...body, shipping_method: null })).toHaveLength(0);
  });

  it('prices by weight band, in order-value bands, free above a value, without float arithmetic', () => {
    const banded = rule({
      service_id: 'Parcelink|Parcelink Standard', delivery_type: 'standard',
      price: { weight_bands: [{ up_to_kg: 2, amount: '3.10' }, { up_to_kg: 10, amount: '5.20' }], free_above: '50.00' },
      conditions: { min_order_value: '10.00', max_order_value: '200.00' },
    });
    const price = (body: Record<string, unknown>) => ask([banded], body).map((o) => o.price.amount)[0] ?? 'none';
    expect(price({ order_value: 20, packages: [{ weight: 1.5 }] })).toBe('3.10');
    expect(price({ order_value: 20, packages: [{ weight: 1 }, { weight: 1.5 }] })).toBe('5.20');
    expect(price({ order_value: 20, packages: [{ weight: 11 }] })).toBe('none');
    expect(price({ order_value: 50, packages: [{ weight: 1 }] })).toBe('3.10');
    expect(price({ order_value: 50.01, packages: [{ weight: 1 }] })).toBe('0.00');
    expect(price({ order_value: 9.99 })).toBe('none');
    expect(price({ order_value: 200.001 })).toBe('0.00'); // rounds to 200.00: inside the band, and above 50
    expect(price({})).toBe('none');
    expect(price({ order_value: 20, currency: 'EUR' })).toBe('none');
    expect(price({ order_value: 20, currency: 'gbp' })).toBe('3.10');
  });

  it('keeps the cheapest of several rules for the same service, type and date', () => {
    const vip = rule({ ...nextDay, id: 'vip', price: { amount: '0' }, conditions: { custom_fields: { custom_field_1: 'vip' } } });
    expect(ask([nextDay, vip], { custom_field_1: 'vip' }).map((o) => o.price.amount)).toEqual(['0.00']);
    expect(ask([nextDay, vip], {}).map((o) => o.price.amount)).toEqual(['6.95']);
  });

  it('skips disabled rules and services no longer enabled for the company', () => {
    const off = rule({ ...standard, enabled: false });
    const gone = rule({ service_id: 'SwiftPost|SwiftPost 24', delivery_type: 'next_day', price: { amount: '1' } });
    expect(ask([off, gone], {})).toEqual([]);
  });

  it('offers nominated days with their delivery window, and sorts by date then price', () => {
    const nominated = rule({ service_id: 'Parcelink|Parcelink Standard', delivery_type: 'nominated_day', price: { amount: '5' }, schedule: { nominated_days: 3, delivery_window: { start: '09:00', end: '12:00' } } });
    const out = ask([standard, nominated], {}, '2026-03-12');
    expect(out.map((o) => [o.delivery_type, o.estimated_delivery_date, o.price.amount])).toEqual([
      ['nominated_day', '2026-03-13', '5.00'], ['standard', '2026-03-16', '3.95'], ['nominated_day', '2026-03-16', '5.00'], ['nominated_day', '2026-03-17', '5.00'],
    ]);
    expect(out[0].delivery_window).toEqual({ start: '09:00', end: '12:00' });
  });

  it('orders allocation candidates by price first when the company prefers cheapest', () => {
    const ctx: QuoteContext = { rules: compileRuleSet([nextDay, standard], settings), services, holidays: new HolidayCalendar(), now: new Date('2026-03-10T09:00:00Z') };
    const s = shipmentOf({ recipient: { address: { country: 'GB' } } });
    expect(cheapestFirst(quotes(ctx, s, origin, '2026-03-10')).map((q) => q.service.serviceName)).toEqual(['Generic Domestic Service GDOM', 'Generic Next Day GNXT']);
    expect(fastestFirst(quotes(ctx, s, origin, '2026-03-10')).map((q) => q.service.serviceName)).toEqual(['Generic Next Day GNXT', 'Generic Domestic Service GDOM']);
  });
});
