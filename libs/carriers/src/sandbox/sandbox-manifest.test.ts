import { CarrierRejection, type ManifestRequest } from '@waybill/carrier-model';
import { sandboxRegistry } from './registry';
import { SANDBOX_EMBARGO_POSTCODE } from './sandbox-carrier';

const generic = sandboxRegistry().find('generic')!;
const origin = { address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' };

function request(overrides: Partial<ManifestRequest> = {}): ManifestRequest {
  return {
    company: 'acme', manifestId: 'a'.repeat(32), origin, collectionDate: '2026-03-02',
    consignments: [{ consignmentNumber: 'GCN0000000001', trackingNumbers: ['GC000000000001'], destination: { postcode: 'SW1A 2AA', country: 'GB' }, parcelCount: 1, weightKg: 1.2 }],
    ...overrides,
  };
}

describe('sandbox carrier manifests', () => {
  it('answers a reference that is the same when the same manifest is submitted again', async () => {
    const first = await generic.manifest(request());
    expect(first.reference).toMatch(/^GENM\d{12}$/);
    expect(await generic.manifest(request())).toEqual(first);
    expect((await generic.manifest(request({ manifestId: 'b'.repeat(32) }))).reference).not.toBe(first.reference);
  });

  it('refuses a manifest holding a parcel to the embargo postcode, however it is spaced', async () => {
    const c = request().consignments[0];
    const refused = generic.manifest(request({ consignments: [c, { ...c, consignmentNumber: 'GCN0000000002', destination: { postcode: 'zz99zz', country: 'GB' } }] }));
    await expect(refused).rejects.toBeInstanceOf(CarrierRejection);
    await expect(refused).rejects.toThrow(/zz99zz.*embargo.*GCN0000000002/);
    expect(SANDBOX_EMBARGO_POSTCODE).toBe('ZZ9 9ZZ');
  });

  it('refuses an empty manifest and one without consignment numbers', async () => {
    await expect(generic.manifest(request({ consignments: [] }))).rejects.toThrow(/at least one/);
    await expect(generic.manifest(request({ consignments: [{ ...request().consignments[0], consignmentNumber: '' }] }))).rejects.toThrow(/consignment number/);
  });
});
