import type { Carrier } from '@waybill/carrier-model';
import type { Warehouse } from '../companies/company.repository';
import type { ConsignmentData } from './consignment.table';
import { allocate } from './consignment.allocation';

/** Allocation consults what the carrier declares it does: a carrier that does not book is never asked to. */
const warehouse = { company: 'acme', name: 'Main', isDefault: true, timezone: 'Europe/London', cutoff: null, contact: null, address: { address1: '1 Dock Rd', city: 'London', postcode: 'E16 1AA', country: 'GB' } } as Warehouse;
const data = { recipient: { name: 'Ada', address: { address1: '1 Road', city: 'London', postcode: 'SW1A 2AA', country: 'GB' } }, packages: [{ weight: 1 }] } as unknown as ConsignmentData;
const ids = { company: 'acme', identifier: 'c1', orderNumber: 'o1' };

function carrier(supports: Carrier['capabilities']['supports']): Carrier & { asked: number } {
  const service = { name: 'Look Standard', code: 'LS', origins: '*' as const, destinations: '*' as const, maxParcelWeightKg: 30 };
  const c = {
    identifier: 'look', name: 'Look Carrier', asked: 0, services: [service],
    capabilities: { supports, zplNative: false, perPackageTracking: true, options: [] },
    defaultService: () => service,
    book: async () => {
      c.asked += 1;
      return { consignmentNumber: 'LC1', trackingNumbers: ['LT1'], trackingUrl: 'https://t/LT1', appliedOptions: {} };
    },
  };
  return c as unknown as Carrier & { asked: number };
}

describe('allocate: carrier capabilities', () => {
  it('refuses, without a call, a carrier that does not declare book', async () => {
    const rates = carrier(['rates']);
    expect(await allocate({ kind: 'carrier', carrier: rates }, data, warehouse, {}, ids)).toEqual({
      allocated: false, rejectionReason: 'Look Carrier: this carrier does not take bookings through Waybill',
    });
    expect(rates.asked).toBe(0);
  });

  it('books with a carrier that declares book', async () => {
    const books = carrier(['book', 'void']);
    const outcome = await allocate({ kind: 'carrier', carrier: books }, data, warehouse, {}, ids);
    expect([outcome.allocated, books.asked]).toEqual([true, 1]);
  });
});
