import { CarrierRejection, type Address, type BookingRequest, type Carrier, type Contact } from '@waybill/carriers';
import { booking } from './bookings';

/**
 * Real addresses as shops send them, for every carrier's address matrix: a county where the carrier wants
 * none, an Irish county and Eircode, state and province names where codes are wanted, a French CEDEX, a
 * line longer than most carriers' fields, and characters outside many carriers' sets.
 */
export interface MatrixCase {
  label: string;
  address: Address;
  contact: Contact;
}

export const ADDRESS_MATRIX: MatrixCase[] = [
  { label: 'GB with county', contact: { phone: '020 7946 0321', email: 'holmes@example.co.uk' },
    address: { name: 'Sherlock Holmes', address1: 'Flat B', address2: '221 Baker Street', city: 'London', state: 'Greater London', postcode: 'NW1 6XE', country: 'GB' } },
  { label: 'IE with county and Eircode', contact: { phone: '01 234 5678' },
    address: { name: 'Aoife Byrne', address1: '12 Merrion Square North', city: 'Dublin 2', state: 'Co. Dublin', postcode: 'D02 X285', country: 'IE' } },
  { label: 'US with a state name', contact: { phone: '(650) 253-0000' },
    address: { name: 'Grace Hopper', address1: '1600 Amphitheatre Parkway', city: 'Mountain View', state: 'California', postcode: '94043', country: 'US' } },
  { label: 'CA with a province name', contact: { phone: '416-555-0199' },
    address: { name: 'Margaret Atwood', address1: '290 Bremner Blvd', city: 'Toronto', state: 'Ontario', postcode: 'M5V 3L9', country: 'CA' } },
  { label: 'DE', contact: { phone: '030 1234567' },
    address: { name: 'Max Mustermann', address1: 'Unter den Linden 77', city: 'Berlin', postcode: '10117', country: 'DE' } },
  { label: 'FR with CEDEX', contact: { phone: '01 45 67 89 10' },
    address: { name: 'Service Clients', company_name: 'Exemple SA', address1: '10 rue du Colonel Pierre Avia', address2: 'CS 70123', city: 'Paris CEDEX 15', postcode: '75732', country: 'FR' } },
  { label: '60-character address line', contact: { phone: '0161 496 0000' },
    address: { name: 'Ada Lovelace', address1: 'Unit 14, The Old Granary Business Centre, 147 Riverside Road', address2: 'Salford Quays', city: 'Manchester', postcode: 'M50 3AZ', country: 'GB' } },
  { label: 'Łódź (PL)', contact: { phone: '42 123 45 67' },
    address: { name: 'Zofia Żółkiewska', address1: 'ul. Piotrkowska 104', city: 'Łódź', state: 'łódzkie', postcode: '90-926', country: 'PL' } },
  { label: 'Ærø (DK)', contact: { phone: '62 52 10 00' },
    address: { name: 'Søren Ærø', address1: 'Søndergade 8', city: 'Ærøskøbing', postcode: '5970', country: 'DK' } },
];

/** The case as a booking from the GB warehouse: its own service, and customs data where the route needs them. */
export function matrixBooking(c: MatrixCase, serviceFor: (country: string) => string): BookingRequest {
  return booking(serviceFor(c.address.country), {
    destination: c.address, destinationContact: c.contact,
    parcels: [{ weightKg: 1.2, lengthCm: 30, widthCm: 20, heightCm: 10 }],
    description: 'Books',
    customs: c.address.country === 'GB' ? null : {
      currency: 'GBP', invoiceNumber: 'INV-2001', invoiceDate: '2026-11-26', reasonForExport: 'merchandise', incoterm: 'DAP',
      items: [{ description: 'Paperback book', quantity: 2, unitValue: '12.50', hsCode: '490199', originCountry: 'GB', weightKg: 0.5 }],
    },
  });
}

/** Books every case through the carrier and says, per case, `booked` or the refusal. */
export async function runMatrix(carrier: Carrier, serviceFor: (country: string) => string, sent: () => unknown): Promise<{ outcomes: Record<string, string>; requests: Record<string, unknown> }> {
  const outcomes: Record<string, string> = {};
  const requests: Record<string, unknown> = {};
  for (const c of ADDRESS_MATRIX) {
    outcomes[c.label] = await carrier.book(matrixBooking(c, serviceFor)).then(() => 'booked', (e: unknown) => {
      if (e instanceof CarrierRejection) return `refused: ${e.reason}`;
      throw e;
    });
    requests[c.label] = sent();
  }
  return { outcomes, requests };
}
