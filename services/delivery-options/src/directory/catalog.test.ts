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
