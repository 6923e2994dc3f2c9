import type { Address, BookingRequest } from '@waybill/carriers';

/** Booking requests the carrier tests send: a domestic parcel, an export with customs data, a US parcel. */
export const GB_WAREHOUSE: Address = {
  name: 'Dispatch Desk', company_name: 'Demo Co Ltd', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB',
};
export const GB_RECIPIENT: Address = { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' };
export const US_RECIPIENT: Address = { name: 'John Doe', address1: '2311 York Rd', city: 'Timonium', state: 'MD', postcode: '21093', country: 'US' };
export const US_WAREHOUSE: Address = { name: 'Shipping', company_name: 'Demo Inc', address1: '55 Glenlake Pkwy', city: 'Atlanta', state: 'GA', postcode: '30328', country: 'US' };

let n = 0;

export function booking(serviceName: string, over: Partial<BookingRequest> = {}): BookingRequest {
  n += 1;
  return {
    company: 'demo-co', consignmentIdentifier: `c${String(n).padStart(31, '0')}`, orderNumber: `ORDER-${n}`, serviceName,
    origin: GB_WAREHOUSE, destination: GB_RECIPIENT,
    parcels: [{ weightKg: 2.5, lengthCm: 30, widthCm: 20, heightCm: 10 }, { weightKg: 1.2, lengthCm: null, widthCm: null, heightCm: null }],
    options: {}, originContact: { phone: '+44 20 7946 0000', email: 'dispatch@demo.example' },
    destinationContact: { phone: '+44 (0)7700 900123', email: 'jane@example.com' },
    ...over,
  };
}

export function exportBooking(serviceName: string): BookingRequest {
  return booking(serviceName, {
    destination: US_RECIPIENT,
    destinationContact: { phone: '+1 410-555-0100' },
    description: 'Cotton T-shirts',
    customs: {
      currency: 'GBP', invoiceNumber: 'INV-1001', invoiceDate: '2026-11-26', reasonForExport: 'merchandise', incoterm: 'DAP',
      items: [
        { description: 'Organic cotton T-shirt, size M, navy blue, crew neck', quantity: 2, unitValue: '12.50', hsCode: '6109.10.00', originCountry: 'PT', sku: 'TS-M-NAVY' },
        { description: 'Gift card', quantity: 1, unitValue: '5.00', hsCode: '4911.99', originCountry: 'GB' },
      ],
    },
  });
}
