import type { DeliveryRule } from '@waybill/contracts';
import { candidatesFor } from './candidates';
import { compileRuleSet, type CompiledRule } from './compile';
import { HolidayCalendar } from './holidays';
import { quotes, type ServiceInfo } from './quote';
import { shipmentOf } from './shipment';

const info = (serviceId: string): ServiceInfo => ({ serviceId, serviceName: serviceId.split('|')[1], carrierId: 'c', carrierName: serviceId.split('|')[0] });
const services = new Map([['a|one', info('A|One')], ['b|two', info('B|Two')]]);
const rule = (id: string, serviceId: string, countries?: string[], extra: Partial<DeliveryRule> = {}): DeliveryRule => ({
  id, name: id, enabled: true, service_id: serviceId, delivery_type: 'standard', conditions: countries ? { countries: countries as [string, ...string[]] } : {}, price: { amount: '1.00' },
  schedule: {}, created_at: '', updated_at: '', ...extra,
});
const rules = [
  rule('gb', 'A|One', ['GB']), rule('de', 'A|One', ['DE']), rule('eu', 'B|Two', ['EU']), rule('anywhere', 'B|Two'),
  rule('gb-star', 'A|One', ['*']), rule('gone', 'C|Three', ['GB']), rule('off', 'A|One', ['GB'], { enabled: false }),
  rule('gb-ie', 'B|Two', ['IE', 'gb'], { price: { amount: '0.50' } }),
];
const settings = { currency: 'GBP', allocationPreference: 'cheapest' as const };

describe('candidate rules of a request', () => {
  it('lists, in creation order, the rules that may deliver to the country with an enabled service', () => {
    const set = compileRuleSet(rules, settings);
    expect(candidatesFor(set, services, 'GB').map((c) => c.rule.id)).toEqual(['gb', 'anywhere', 'gb-star', 'gb-ie']);
    expect(candidatesFor(set, services, 'DE').map((c) => c.rule.id)).toEqual(['de', 'eu', 'anywhere', 'gb-star']);
    expect(candidatesFor(set, services, 'US').map((c) => c.rule.id)).toEqual(['anywhere', 'gb-star']);
    expect(candidatesFor(set, services, 'GB')).toBe(candidatesFor(set, services, 'GB'));
    expect(candidatesFor(set, services, 'GB')[3].service).toBe(services.get('b|two'));
  });

  it('makes new lists for a refreshed catalog and for recompiled rules', () => {
    const set = compileRuleSet(rules, settings);
    const more = new Map([...services, ['c|three', info('C|Three')]]);
    expect(candidatesFor(set, services, 'GB').map((c) => c.rule.id)).not.toContain('gone');
    expect(candidatesFor(set, more, 'GB').map((c) => c.rule.id)).toEqual(['gb', 'anywhere', 'gb-star', 'gone', 'gb-ie']);
    expect(candidatesFor(compileRuleSet(rules.slice(0, 1), settings), services, 'GB').map((c) => c.rule.id)).toEqual(['gb']);
  });

  it('never evaluates a rule for another country, and evaluates every one that may match', () => {
    const set = compileRuleSet(rules, settings);
    const every = new Map<string, CompiledRule>();
    for (const country of ['GB', 'DE', 'FR', 'IE', 'US']) for (const r of set.forCountry(country)) every.set(r.id, r);
    const evaluated: string[] = [];
    for (const r of every.values()) {
      const matches = r.matches;
      r.matches = (m) => { evaluated.push(r.id); return matches(m); };
    }
    const ctx = { rules: set, services, holidays: new HolidayCalendar(), now: new Date('2026-03-10T09:00:00Z') };
    const origin = { warehouseId: 'acme|London', place: { country: 'GB' }, timeZone: 'Europe/London' };
    const found = quotes(ctx, shipmentOf({ recipient: { address: { country: 'GB' } } }), origin, '2026-03-10');
    expect(evaluated).toEqual(['gb', 'anywhere', 'gb-star', 'gb-ie']);
    // Same service, type and date: the cheaper rule's price is kept; equal prices keep the first rule.
    expect(found.map((q) => [q.rule.id, q.priceMinor])).toEqual([['gb', 100], ['gb-ie', 50]]);
  });
});
