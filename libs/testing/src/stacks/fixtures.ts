/** Consignment bodies as integrations send them. */
export function domesticConsignment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_number: `ORD-${Math.random().toString(36).slice(2, 10)}`,
    recipient: {
      name: 'Ada Lovelace',
      email_address: 'ada@example.com',
      address: { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
    },
    packages: [
      { description: 'Books', weight: 1.2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', items: [{ name: 'Book', quantity: 2, value: 12.5 }] },
    ],
    ...overrides,
  };
}
