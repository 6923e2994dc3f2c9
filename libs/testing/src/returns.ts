/**
 * A clothes order as returns tests ship it (docs/api/returns.md): a recipient in Manchester and two lines,
 * one of them two of the same shirt, so a partial return, a second return and over-returning can be tried.
 */
export const RETURNING_RECIPIENT = {
  name: 'Ada Lovelace', contact_number: '07700 900123', email_address: 'ada@example.com',
  address: { address1: '12 Byron Street', city: 'Manchester', postcode: 'M1 1AA', country: 'GB' },
};

export const RETURNABLE_ITEMS = [
  { name: 'Linen shirt', sku: 'SHIRT-M', quantity: 2, value: 30 },
  { name: 'Wool scarf', sku: 'SCARF', quantity: 1, value: 20 },
];
