import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { openConsignmentAdmin, type ConsignmentAdmin } from './admin';

/** The operator's side (the CLI and the demo seed): warehouses' countries and the service aliases. */
describe('consignment admin', () => {
  let tdb: TestDatabase;
  let admin: ConsignmentAdmin;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    admin = await openConsignmentAdmin(tdb.target);
    await admin.configureCompany('acme', {});
    await admin.enableCarrier('acme', 'generic');
  });
  afterAll(async () => {
    await admin.close();
    await tdb.drop();
  });

  it('keeps a warehouse\'s country as alpha-2 however it was given, and refuses one that is no country', async () => {
    await admin.addWarehouse('acme', { name: 'Dublin', address: { address1: '1 Quay', city: 'Dublin', postcode: 'D01 F5P2', country: 'Ireland' } });
    await admin.addWarehouse('acme', { name: 'Leeds', address: { address1: '1 Mill', city: 'Leeds', postcode: 'LS1 1AA', country: 'GBR' } });
    await expect(admin.addWarehouse('acme', { name: 'Nowhere', address: { address1: '1 Way', city: 'X', postcode: '1', country: 'Atlantis' } }))
      .rejects.toThrow('country: Enter a valid country.');
    const { warehouses } = await admin.lookups('acme');
    expect(warehouses.map((w) => [w.name, w.address.country])).toEqual([['Dublin', 'IE'], ['Leeds', 'GB']]);
  });

  // The carriers needing no account, as carrier-link's seam declares them: a company uses those it enabled.
  const service = (name: string, code: string) => ({ name, code, origins: ['GB'], destinations: ['GB'], maxParcelWeightKg: 30 });
  const withoutAccount = [
    { identifier: 'generic', name: 'Generic Carrier', services: [service('Generic Next Day GNXT', 'GNXT')] },
    { identifier: 'swiftpost', name: 'SwiftPost', services: [service('SwiftPost 24', 'SP24')] },
  ];

  it('replaces the service aliases as the API does, checking targets against the company\'s services', async () => {
    expect(await admin.replaceServiceAliases('acme', { Hermes: 'generic carrier|generic next day gnxt' }, { withoutAccount, accounts: [] })).toEqual({ Hermes: 'Generic Carrier|Generic Next Day GNXT' });
    await expect(admin.replaceServiceAliases('acme', { Yodel: 'SwiftPost|SwiftPost 24' }, { withoutAccount, accounts: [] })).rejects.toMatchObject({
      errors: { Yodel: ['"SwiftPost|SwiftPost 24" is not one of the company\'s services (GET /carrierservices lists them).'] },
    });
    // Without the company's account carriers, a target that is none of its enabled carriers' services cannot be judged.
    await expect(admin.replaceServiceAliases('acme', { Ups: 'UPS|UPS Standard' }, { withoutAccount, accounts: null })).rejects.toThrow(/could not be listed/);
    const ups = { identifier: 'ups', name: 'UPS', services: [{ name: 'UPS Standard', code: '11', origins: ['GB'], destinations: ['GB'], maxParcelWeightKg: 70 }] };
    expect(await admin.replaceServiceAliases('acme', { Ups: 'ups|ups standard' }, { withoutAccount, accounts: [ups] })).toEqual({ Ups: 'UPS|UPS Standard' });
    expect(await admin.serviceAliases('acme')).toEqual({ Ups: 'UPS|UPS Standard' });
  });

  it('reads and replaces the returns policy as /returns-policy does (the CLI\'s returns-policy get|set)', async () => {
    expect(await admin.returnsPolicy('acme')).toMatchObject({ stored: false, policy: { enabled: false } });
    const carriers = { withoutAccount: [{ identifier: 'generic', name: 'Generic Carrier', services: [{ ...service('Generic Returns GRTN', 'GRTN'), return: true }] }], accounts: [] };
    const policy = { enabled: true, window_days: 28, reasons: [{ code: 'damaged', label: 'Arrived damaged' }], warehouse_id: 'acme|dublin', service_id: 'generic carrier|generic returns grtn', countries: ['IE'], instructions: null };
    expect(await admin.replaceReturnsPolicy('acme', policy, carriers)).toEqual({ ...policy, warehouse_id: 'acme|Dublin', service_id: 'Generic Carrier|Generic Returns GRTN' });
    expect(await admin.returnsPolicy('acme')).toMatchObject({ stored: true, policy: { window_days: 28, warehouse_id: 'acme|Dublin' } });
    await expect(admin.replaceReturnsPolicy('acme', { ...policy, warehouse_id: 'acme|Paris' }, carriers)).rejects.toThrow('warehouse_id: "acme|Paris" is not one of the company\'s warehouses');
  });
});
