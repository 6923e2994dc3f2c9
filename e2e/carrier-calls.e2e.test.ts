import { eventually } from '@waybill/testing';
import { client } from './support/client';
import { createConsignment } from './support/documents';
import { domesticConsignment } from './support/fixtures';
import { availableModes, type Stack } from './support/stack';
import { OTHER, stackWithTwoCompanies } from './support/tenants';

/**
 * The carrier call log through the public API: a UPS booking against the local double and a booking UPS
 * refuses, each read back from `GET /consignment/{id}/carrier-calls` and the account's
 * `GET /carrier-accounts/{id}/calls`, with no credential or token anywhere in what they answer, and
 * another company seeing neither.
 */
const UPS = { clientId: 'e2e-ups-calls-client', clientSecret: 'e2e-ups-calls-secret-R4T8', accountNumber: 'E2EC11' };
const recipient = (postcode: string) => ({
  name: 'Ada Lovelace', contact_number: '07700 900123', email_address: 'ada@example.com',
  address: { address1: '10 Downing Street', city: 'London', postcode, country: 'GB' },
});
const ups = (postcode: string) => domesticConsignment({
  service_id: 'UPS|UPS Standard', recipient: recipient(postcode),
  packages: [{ description: 'Books', weight: 2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', items: [{ name: 'Book', quantity: 1, value: 10 }] }],
});

describe.each(availableModes())('the carrier call log through the gateway (%s)', (mode) => {
  let stack: Stack;
  let cleanup: () => void;
  let api: ReturnType<typeof client>;
  let other: ReturnType<typeof client>;
  let account: string;
  beforeAll(async () => {
    ({ stack, cleanup } = await stackWithTwoCompanies(mode, {}));
    stack.carriers.ups.addClient(UPS);
    api = client(stack);
    other = client({ ...stack, creds: OTHER });
    const res = await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS calls', test_mode: true, credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber } });
    expect(res.status).toBe(201);
    account = res.body.identifier;
    await eventually(async () => ((await api.get('/carrierservices')).body as Array<{ identifier: string }>).some((s) => s.identifier === 'UPS|UPS Standard'),
      { timeoutMs: 20_000, what: 'UPS services in /carrierservices' });
  });
  afterAll(async () => {
    await stack?.stop();
    cleanup?.();
  });

  const calls = (identifier: string, expected: number) => eventually(async () => {
    const res = await api.get(`/consignment/${identifier}/carrier-calls`);
    return res.status === 200 && res.body.results.length >= expected ? res.body : undefined;
  }, { timeoutMs: 20_000, what: `the carrier calls of ${identifier}` });

  it('shows what was sent to UPS and what it answered, for a booking and for a refusal, and never a credential', async () => {
    const booked = await createConsignment(api, ups('SW1A 2AA'));
    expect(booked.current_status.status).toBe('Allocated');
    const refused = await createConsignment(api, ups('ZZ9 9ZZ'));
    expect(refused.current_status).toMatchObject({ status: 'Unallocated', rejection_reason: expect.stringContaining('120802') });

    const bookedCalls = await calls(booked.identifier, 2);
    const book = bookedCalls.results.find((c: any) => c.operation === 'book');
    expect(book).toMatchObject({ carrier: 'ups', account, method: 'POST', status_code: 200, outcome: 'success', error_source: null });
    expect(book.request.ShipmentRequest.Shipment.ShipTo.Address.PostalCode).toBe('SW1A 2AA');
    expect(JSON.stringify(book.response)).toMatch(/<base64, \d+ kB>/);

    const refusal = (await calls(refused.identifier, 1)).results.find((c: any) => c.operation === 'book');
    expect(refusal).toMatchObject({ status_code: 400, outcome: 'refused', error_source: 'carrier', carrier_code: '120802', message: expect.stringContaining('Address Validation') });

    const byAccount = (await api.get(`/carrier-accounts/${account}/calls`)).body;
    expect(byAccount.results.map((c: any) => c.id)).toEqual(expect.arrayContaining([book.id, refusal.id]));
    expect(byAccount.count).toBeGreaterThanOrEqual(3);
    const token = byAccount.results.find((c: any) => c.operation === 'token');
    expect(token).toMatchObject({ outcome: 'success', response: expect.objectContaining({ access_token: '****' }) });

    const everything = JSON.stringify([bookedCalls, refusal, byAccount]);
    for (const secret of [UPS.clientSecret, Buffer.from(`${UPS.clientId}:${UPS.clientSecret}`).toString('base64'), 'Bearer ', 'Basic ']) {
      expect(everything).not.toContain(secret);
    }
  });

  it("is the company's own: another company's consignment or account is a 404", async () => {
    const booked = await createConsignment(api, ups('SW1A 2AA'));
    await calls(booked.identifier, 1);
    expect((await other.get(`/consignment/${booked.identifier}/carrier-calls`)).status).toBe(404);
    expect((await other.get(`/carrier-accounts/${account}/calls`)).status).toBe(404);
    expect((await api.get('/consignment/no-such-consignment/carrier-calls')).status).toBe(404);
  });

  it('answers an empty page for a consignment no carrier was called for', async () => {
    const unallocated = await createConsignment(api, domesticConsignment({ recipient: recipient('SW1A 2AA') }));
    expect((await api.get(`/consignment/${unallocated.identifier}/carrier-calls`)).body).toEqual({ count: 0, next: null, results: [] });
  });
});
