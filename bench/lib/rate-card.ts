import type { Stack } from '@waybill/testing/stacks';
import { client } from '@waybill/testing/stacks';
import { plainWednesday } from '@waybill/testing/stacks';

/** The delivery-options benchmarks' rate card: rules per company. */
export const RULES = 200;
const SERVICES = [
  'Generic Carrier|Generic Domestic Service GDOM', 'Generic Carrier|Generic Next Day GNXT', 'Generic Carrier|Generic Europe GEUR', 'SwiftPost|SwiftPost 24',
  'SwiftPost|SwiftPost 48', 'Parcelink|Parcelink Standard', 'Parcelink|Parcelink Economy', 'Globex Worldwide|Globex Express Worldwide',
];
const TYPES = ['standard', 'next_day', 'nominated_day', 'same_day', 'service_point'];
const DESTINATIONS = [['GB'], ['EU'], ['US', 'CA'], ['GB', 'IE'], ['AU', 'NZ', 'JP']];

/** A varied rate card: every condition kind, a quarter of it reachable from a GB checkout. */
function rule(i: number): Record<string, unknown> {
  const conditions: Record<string, unknown> = { countries: DESTINATIONS[i % DESTINATIONS.length], max_package_weight_kg: 10 + (i % 4) * 10, max_package_dimensions_cm: [120, 60, 60] };
  if (i % 3 === 0) conditions.postcodes = ['E*', 'N*', 'SW*', 'EC*'];
  if (i % 7 === 0) conditions.exclude_postcodes = ['BT*', 'HS*', 'ZE*'];
  if (i % 5 === 0) conditions.shipping_methods = ['express'];
  if (i % 6 === 0) conditions.min_order_value = '20.00';
  if (i % 11 === 0) conditions.options = { signature_required: 'true' };
  const price = i % 2 === 0 ? { amount: `${3 + (i % 9)}.${i % 100 < 10 ? '0' : ''}${i % 100}` } : { weight_bands: [{ up_to_kg: 2, amount: '2.99' }, { up_to_kg: 10, amount: '4.99' }, { up_to_kg: 40, amount: '9.99' }], free_above: '75.00' };
  const type = TYPES[i % TYPES.length];
  return {
    name: `bench rule ${i}`, service_id: SERVICES[i % SERVICES.length], delivery_type: type, conditions, price,
    schedule: { cutoff: `${String(12 + (i % 6)).padStart(2, '0')}:30`, ...(type === 'nominated_day' ? { nominated_days: 3 } : {}), ...(type === 'same_day' ? { transit_days: 0 } : {}) },
  };
}

/** A GB checkout of two packages. */
export const CHECKOUT = {
  recipient: { name: 'Ada', address: { address1: '1 High St', city: 'London', postcode: 'E1 6AN', country: 'GB' } },
  shipping_date: plainWednesday(), order_value: 42.5, currency: 'GBP',
  packages: [{ weight: 1.2, length: 30, width: 20, height: 10 }, { weight: 3.4, length: 40, width: 30, height: 20 }],
};

/** The company's delivery rules replaced by the rate card. */
export async function replaceRules(stack: Stack): Promise<void> {
  const api = client(stack);
  for (const r of (await api.get('/delivery-rules')).body) await api.del(`/delivery-rules/${r.id}`);
  for (let i = 0; i < RULES; i++) {
    const res = await api.post('/delivery-rules', rule(i));
    if (res.status !== 201) throw new Error(`rule ${i}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

