import type { Stack } from './stack';
import { client, type Auth } from './client';

/** The delivery-options API as a checkout calls it: its own base path and its own key. */
export function deliveryOptions(stack: Pick<Stack, 'baseUrl' | 'creds'>) {
  const api = client(stack, '');
  const path = (slug = stack.creds.company, slash = true) => `/api/2.0.0/company/${slug}/delivery_options${slash ? '/' : ''}`;
  return {
    path,
    post: (body: unknown, o: { auth?: Auth; slug?: string; slash?: boolean } = {}) =>
      api.post(path(o.slug, o.slash), body, { auth: o.auth ?? { header: `Api-Key ${stack.creds.deliveryOptionsKey}` } }),
  };
}

/** A checkout in Norway, which no seeded rule serves, and a rule that serves it at `amount` GBP. */
export const NORWAY = { recipient: { address: { country: 'NO', postcode: '0150' } } };
export const norwayRule = (amount: string) => ({
  name: 'Globex to Norway', service_id: 'globex worldwide|globex economy worldwide', delivery_type: 'standard',
  conditions: { countries: ['no'], max_package_weight_kg: 30 }, price: { amount }, schedule: { cutoff: '15:00', transit_days: 4 },
});

const HOLIDAY_FREE_MONTHS = [1, 5, 6, 8, 9, 10]; // Feb, Jun, Jul, Sep, Oct, Nov: no English bank holiday on a weekday

/**
 * A Wednesday at least two weeks ahead in a month without English bank holidays, so next-day dates
 * are plain arithmetic whatever day the suite runs (holiday cases are covered by the unit tests).
 */
export function plainWednesday(): string {
  const d = new Date(Date.now() + 14 * 86_400_000);
  while (d.getUTCDay() !== 3 || !HOLIDAY_FREE_MONTHS.includes(d.getUTCMonth()) || d.getUTCDate() > 24) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const GB_RECIPIENT = { address: { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' } };
