import { CarrierRejection, type PickupRequest } from '@waybill/carrier-model';
import { sandboxRegistry } from './registry';

const req = (o: Partial<PickupRequest> = {}): PickupRequest => ({
  company: 'acme', collectionId: 'c'.repeat(32), address: { address1: '1 Dock Rd', city: 'London', postcode: 'E16 1AA', country: 'GB' },
  date: '2030-01-02', readyTime: '12:00', closeTime: '17:00', parcels: 2, weightKg: null, ...o,
});

describe('sandbox collections', () => {
  const swift = sandboxRegistry().find('swiftpost')!;

  it('answers the same reference for the same collection, another for another', async () => {
    const a = await swift.pickups!.book(req());
    expect(a.reference).toMatch(/^SWIP\d{10}$/);
    expect(await swift.pickups!.book(req())).toEqual(a);
    expect((await swift.pickups!.book(req({ collectionId: 'd'.repeat(32) }))).reference).not.toBe(a.reference);
  });

  it('refuses Sundays and windows under two hours, with the reason', async () => {
    await expect(swift.pickups!.book(req({ date: '2030-01-06' }))).rejects.toEqual(new CarrierRejection('SwiftPost does not collect on Sundays (2030-01-06)'));
    await expect(swift.pickups!.book(req({ readyTime: '16:30', closeTime: '18:00' }))).rejects.toBeInstanceOf(CarrierRejection);
  });

  it('is offered by the carriers that declare collections only', () => {
    expect(sandboxRegistry().carriers.filter((c) => c.pickups).map((c) => c.identifier).sort()).toEqual(['globex', 'swiftpost']);
  });
});
