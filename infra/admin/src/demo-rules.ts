const LIMITS = { max_package_weight_kg: 30, max_package_dimensions_cm: [120, 60, 60] };
const LIGHT = { max_package_weight_kg: 10, max_package_dimensions_cm: [120, 60, 60] };

/**
 * The demo company's delivery rules (docs/api/allocation.md): from the GB warehouse every parcel up to 30 kg and
 * 120×60×60 cm reaches GB (Generic, SwiftPost), any EU country (Generic Europe) and the US (Globex);
 * Parcelink, which refuses parcels over 10 kg, is only offered up to 10 kg. Every delivery type appears.
 */
export function demoRules(company: string): Array<Record<string, unknown>> {
  const london = { warehouses: [`${company}|London DC`] };
  const berlin = { warehouses: [`${company}|Berlin Hub`] };
  return [
    {
      name: 'Generic standard, GB', service_id: 'Generic Carrier|Generic Domestic Service GDOM', delivery_type: 'standard',
      conditions: { ...london, countries: ['GB'], ...LIMITS }, price: { amount: '3.95', free_above: '50.00' }, schedule: { cutoff: '17:00', transit_days: 2 },
    },
    {
      name: 'Generic next day, GB mainland', service_id: 'Generic Carrier|Generic Next Day GNXT', delivery_type: 'next_day',
      conditions: { ...london, countries: ['GB'], exclude_postcodes: ['BT*', 'HS*', 'ZE*'], ...LIMITS }, price: { amount: '6.95' }, schedule: { cutoff: '16:00' },
    },
    {
      name: 'Generic nominated day, GB mainland', service_id: 'Generic Carrier|Generic Next Day GNXT', delivery_type: 'nominated_day',
      conditions: { ...london, countries: ['GB'], exclude_postcodes: ['BT*', 'HS*', 'ZE*'], ...LIMITS }, price: { amount: '7.95' },
      schedule: { cutoff: '16:00', nominated_days: 5, delivery_window: { start: '08:00', end: '18:00' } },
    },
    {
      name: 'SwiftPost 24, GB', service_id: 'SwiftPost|SwiftPost 24', delivery_type: 'next_day',
      conditions: { ...london, countries: ['GB'], ...LIMITS }, price: { amount: '5.49' }, schedule: { cutoff: '15:00' },
    },
    {
      name: 'SwiftPost 48, GB', service_id: 'SwiftPost|SwiftPost 48', delivery_type: 'standard',
      conditions: { ...london, countries: ['GB'], ...LIMITS }, price: { amount: '3.49' }, schedule: { cutoff: '17:00', transit_days: 2 },
    },
    {
      name: 'SwiftPost same day, central London', service_id: 'SwiftPost|SwiftPost 24', delivery_type: 'same_day',
      conditions: { ...london, countries: ['GB'], postcodes: ['E1 *', 'EC*', 'WC*', 'W1*', 'SW1*', 'SE1 *', 'N1 *'], ...LIGHT },
      price: { amount: '9.95' }, schedule: { cutoff: '11:00', transit_days: 0, delivery_window: { start: '18:00', end: '22:00' } },
    },
    {
      name: 'Parcelink standard, GB and EU', service_id: 'Parcelink|Parcelink Standard', delivery_type: 'standard',
      conditions: { ...london, countries: ['GB', 'EU'], ...LIGHT },
      price: { weight_bands: [{ up_to_kg: 2, amount: '2.99' }, { up_to_kg: 5, amount: '3.99' }, { up_to_kg: 10, amount: '4.99' }] },
      schedule: { cutoff: '18:00', transit_days: 3 },
    },
    {
      name: 'Parcelink service point, GB', service_id: 'Parcelink|Parcelink Economy', delivery_type: 'service_point',
      conditions: { ...london, countries: ['GB'], ...LIGHT }, price: { amount: '1.99' }, schedule: { cutoff: '18:00', transit_days: 3 },
    },
    {
      name: 'Generic Europe, from London', service_id: 'Generic Carrier|Generic Europe GEUR', delivery_type: 'standard',
      conditions: { ...london, countries: ['EU'], ...LIMITS },
      price: { weight_bands: [{ up_to_kg: 5, amount: '9.95' }, { up_to_kg: 30, amount: '14.95' }] }, schedule: { cutoff: '16:00', transit_days: 3 },
    },
    {
      name: 'Generic Europe, from Berlin', service_id: 'Generic Carrier|Generic Europe GEUR', delivery_type: 'standard',
      conditions: { ...berlin, countries: ['EU', 'GB'], ...LIMITS }, price: { amount: '8.95' }, schedule: { cutoff: '15:00', transit_days: 2 },
    },
    {
      name: 'Globex Express, EU and US', service_id: 'Globex Worldwide|Globex Express Worldwide', delivery_type: 'standard',
      conditions: { ...london, countries: ['EU', 'US'], ...LIMITS },
      price: { weight_bands: [{ up_to_kg: 5, amount: '19.95' }, { up_to_kg: 15, amount: '29.95' }, { up_to_kg: 30, amount: '44.95' }] },
      schedule: { cutoff: '15:00', transit_days: 2 },
    },
    {
      name: 'Globex Economy, US', service_id: 'Globex Worldwide|Globex Economy Worldwide', delivery_type: 'standard',
      conditions: { ...london, countries: ['US'], ...LIMITS },
      price: { weight_bands: [{ up_to_kg: 5, amount: '14.95' }, { up_to_kg: 30, amount: '24.95' }] }, schedule: { cutoff: '15:00', transit_days: 5 },
    },
  ];
}
