import { buildCatalog, findWarehouse } from './catalog';

describe('buildCatalog: warehouse countries', () => {
  it('takes a warehouse country given by alpha-3 code or English name as its alpha-2 code', () => {
    const catalog = buildCatalog('acme', {
      services: [],
      warehouses: [
        { identifier: 'acme|Dublin', name: 'Dublin', is_default: true, address: { country: 'IRL' } },
        { identifier: 'acme|Leeds', name: 'Leeds', address: { country: 'United Kingdom' } },
        { identifier: 'acme|Lyon', name: 'Lyon', address: { country: 'fr' } },
      ],
    });
    expect([findWarehouse(catalog, 'Dublin')?.country, findWarehouse(catalog, 'acme|Leeds')?.country, findWarehouse(catalog, 'Lyon')?.country]).toEqual(['IE', 'GB', 'FR']);
    expect(catalog.defaultWarehouse?.country).toBe('IE');
  });
});

describe('buildCatalog: carrier capabilities', () => {
  const services = [
    { carrier_id: 'generic', identifier: 'Generic Carrier|Generic Next Day GNXT', name: 'Generic Next Day GNXT' },
    { carrier_id: 'lookonly', identifier: 'Look Only|Look Only Rates', name: 'Look Only Rates' },
    { carrier_id: 'older', identifier: 'Older|Older Standard', name: 'Older Standard' },
  ];
  it('leaves out the services of a carrier that does not book; a carrier declaring nothing still counts as booking', () => {
    const catalog = buildCatalog('acme', {
      services, warehouses: [],
      carriers: [{ identifier: 'generic', capabilities: ['book', 'void'] }, { identifier: 'lookonly', capabilities: ['rates'] }, { identifier: 'older' }],
    });
    expect([...catalog.services.keys()]).toEqual(['generic carrier|generic next day gnxt', 'older|older standard']);
    expect(buildCatalog('acme', { services, warehouses: [] }).services.size).toBe(3);
  });
});

describe('buildCatalog: returns services', () => {
  it('marks a service listed with "return": true, so a price comparison leaves it out; without the flag it is outbound', () => {
    const catalog = buildCatalog('acme', {
      services: [
        { carrier_id: 'generic', identifier: 'Generic Carrier|Generic Returns GRET', name: 'Generic Returns GRET', return: true },
        { carrier_id: 'generic', identifier: 'Generic Carrier|Generic Next Day GNXT', name: 'Generic Next Day GNXT' },
      ],
      warehouses: [],
    });
    expect([...catalog.services.values()].map((s) => [s.serviceId, s.isReturn ?? false])).toEqual([
      ['Generic Carrier|Generic Returns GRET', true], ['Generic Carrier|Generic Next Day GNXT', false],
    ]);
  });
});

describe('buildCatalog: what a checkout offers (docs/api/returns.md)', () => {
  it('keeps a return service for allocating returns by rules, and out of what a checkout offers', () => {
    const catalog = buildCatalog('acme', {
      warehouses: [],
      services: [
        { carrier_id: 'generic', identifier: 'Generic Carrier|Generic Next Day GNXT', name: 'Generic Next Day GNXT', return: false },
        { carrier_id: 'generic', identifier: 'Generic Carrier|Generic Returns GRTN', name: 'Generic Returns GRTN', return: true },
      ],
    });
    expect([...catalog.services.keys()]).toEqual(['generic carrier|generic next day gnxt', 'generic carrier|generic returns grtn']);
    expect([...catalog.checkoutServices.keys()]).toEqual(['generic carrier|generic next day gnxt']);
  });
});
