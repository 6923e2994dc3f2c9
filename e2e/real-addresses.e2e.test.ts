import { addCarrierAccounts, settleDoubles } from './support/carrier-accounts';
import { client } from './support/client';
import { createConsignment } from './support/documents';
import { domesticConsignment } from './support/fixtures';
import { availableModes, startStack, type Stack } from './support/stack';

/**
 * Real addresses through the gateway to UPS's double: a UK recipient whose checkout filled the county
 * (`Greater London`, which no UPS field takes) books and reads back unchanged, and a US recipient's state
 * name (`California`) reaches UPS as its code (`CA`). The double checks every request against UPS's
 * published description.
 */
const UPS = { clientId: 'e2e-ups-address-client', clientSecret: 'e2e-ups-address-secret-K7M2', accountNumber: 'E2EA00' };
const RM = { apiKey: 'e2e-rm-address-key-0001', oba: true };
const DHL = { apiKey: 'e2e-dhl-address-key', apiSecret: 'e2e-dhl-address-secret', accountNumber: '555666888' };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const book = { description: 'Books', weight: 1.5, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm',
  items: [{ name: 'Paperback book', quantity: 2, value: 12.5, harmonisation_code: '490199', country_of_origin: 'GB', weight: 0.5 }] };

describe.each(availableModes())('real addresses reach UPS as UPS takes them (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  const sentShipTo = () => ((stack.carriers.ups.lastBodies.get('ship') as Json).ShipmentRequest.Shipment.ShipTo as Json);

  beforeAll(async () => {
    stack = await startStack(mode);
    stack.carriers.ups.addClient(UPS);
    stack.carriers.royalmail.addAccount(RM);
    stack.carriers.dhlExpress.addAccount(DHL);
    api = client(stack);
    await addCarrierAccounts(api, {
      ups: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber },
      royalmail: { api_key: RM.apiKey },
      dhl_express: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber },
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(() => {
    expect(settleDoubles(stack.carriers)).toEqual([]);
  });

  it('books a GB recipient whose address carries "Greater London", and reads its state back unchanged', async () => {
    const c = await createConsignment(api, domesticConsignment({
      service_id: 'UPS|UPS Standard', packages: [book],
      recipient: { name: 'Sherlock Holmes', contact_number: '020 7946 0321', email_address: 'holmes@example.co.uk',
        address: { address1: '221B Baker Street', city: 'London', state: 'Greater London', postcode: 'NW1 6XE', country: 'GB' } },
    }));
    expect([c.current_status.status, c.current_status.rejection_reason, c.service_id]).toEqual(['Allocated', null, 'UPS|UPS Standard']);
    expect(c.consignment_number).toMatch(/^1ZE2EA00/);
    expect(c.recipient.address).toMatchObject({ state: 'Greater London', city: 'London', postcode: 'NW1 6XE', country: 'GB' });
    expect((await api.get(`/consignment/${c.identifier}`)).body.recipient.address.state).toBe('Greater London');
    expect(sentShipTo().Address).toEqual({ AddressLine: ['221B Baker Street'], City: 'London', PostalCode: 'NW1 6XE', CountryCode: 'GB' });
  });

  it('sends a US recipient\'s "California" to UPS as CA, and keeps "California" on the consignment', async () => {
    const c = await createConsignment(api, domesticConsignment({
      service_id: 'UPS|UPS Express Saver', packages: [book], currency: 'GBP', invoice: { incoterm: 'DAP' }, export_customs: { reason_for_export: 'merchandise' },
      recipient: { name: 'Grace Hopper', contact_number: '(650) 253-0000',
        address: { address1: '1600 Amphitheatre Parkway', city: 'Mountain View', state: 'California', postcode: '94043', country: 'US' } },
    }));
    expect([c.current_status.status, c.current_status.rejection_reason]).toEqual(['Allocated', null]);
    expect(c.recipient.address.state).toBe('California');
    expect(sentShipTo()).toMatchObject({ Address: { StateProvinceCode: 'CA', PostalCode: '94043', CountryCode: 'US' }, Phone: { Number: '6502530000' } });
  });
});
