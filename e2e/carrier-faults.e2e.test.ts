import { addCarrierAccounts, settleDoubles, type RealCarrier } from './support/carrier-accounts';
import { client } from './support/client';
import { createConsignment, pdfPages } from './support/documents';
import { domesticConsignment } from './support/fixtures';
import { availableModes, startStack, type Stack } from './support/stack';
import { eventually } from '@waybill/testing';

/**
 * What goes wrong with each real carrier, through the ordinary API against the local doubles: the account
 * check with good and wrong credentials (Royal Mail Click & Drop, DHL Express), each carrier's own refusal
 * in its documented error shape, an outage per carrier (Royal Mail answering 503, DHL not answering in
 * time) recorded as a carrier-call anomaly and over once the carrier is back, UPS wrong credentials at
 * booking, and UPS's commercial invoice served as an international consignment's customs invoice.
 * (UPS's check, refusal and breaker are in carrier-accounts and real-carriers.)
 */
const UPS = { clientId: 'e2e-ups-faults-client', clientSecret: 'e2e-ups-faults-secret-K7M2', accountNumber: 'E2EF00' };
const RM = { apiKey: 'e2e-rm-faults-key-0001', oba: true };
const DHL = { apiKey: 'e2e-dhl-faults-key', apiSecret: 'e2e-dhl-faults-secret', accountNumber: '444555666' };
const TIMEOUT_MS = 6000;

const items = [{ name: 'Paperback book', quantity: 2, value: 12.5, harmonisation_code: '490199', country_of_origin: 'GB', weight: 0.4 }];
const gb = (extra: Record<string, unknown> = {}) => domesticConsignment({
  recipient: { name: 'Ada Lovelace', contact_number: '07700 900123', email_address: 'ada@example.com', address: { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' } },
  packages: [{ description: 'Books', weight: 2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', items }], ...extra,
});
const germany = (extra: Record<string, unknown> = {}, postcode = '10117') => gb({
  recipient: { name: 'Max Mustermann', contact_number: '+49 30 1234567', address: { address1: 'Unter den Linden 1', city: 'Berlin', postcode, country: 'DE' } },
  currency: 'GBP', invoice: { incoterm: 'DAP' }, export_customs: { reason_for_export: 'merchandise' }, ...extra,
});
const nowhere = { name: 'Ada', contact_number: '07700 900123', address: { address1: '1 Nowhere', city: 'London', postcode: 'ZZ9 9ZZ', country: 'GB' } };

describe.each(availableModes())('real carriers: checks, refusals and outages (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let accounts: Record<RealCarrier, string>;

  const create = (body: Record<string, unknown>) => createConsignment(api, body);
  const exception = (identifier: string) => eventually(async () => ((await api.get('/dashboard/exceptions')).body.results as Array<{ identifier: string }>)
    .find((r) => r.identifier === identifier), { timeoutMs: 20_000, what: `consignment ${identifier} in the exceptions queue` });
  /** Books until the carrier takes one (its lookups and breaker settle within seconds), bounded. */
  const bookedOnceBack = (body: () => Record<string, unknown>, what: string) => eventually(async () => {
    const c = await create(body());
    return c.current_status.status === 'Allocated' ? c : undefined;
  }, { timeoutMs: 30_000, intervalMs: 500, what });

  beforeAll(async () => {
    // Breaker threshold above one failure: a single outage answer refuses one booking and opens nothing.
    stack = await startStack(mode, { CARRIER_BREAKER_FAILURES: '3', CARRIER_BREAKER_OPEN_MS: '3000', CARRIER_TIMEOUT_MS: String(TIMEOUT_MS) });
    stack.carriers.ups.addClient(UPS);
    stack.carriers.royalmail.addAccount(RM);
    stack.carriers.dhlExpress.addAccount(DHL);
    api = client(stack);
    accounts = await addCarrierAccounts(api, {
      // UPS's account starts with a secret UPS does not know: the first bookings meet wrong credentials.
      ups: { client_id: UPS.clientId, client_secret: 'e2e-ups-wrong-secret-0000', account_number: UPS.accountNumber },
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

  it.each([
    ['royalmail', { api_key: 'e2e-rm-unknown-key-9999' }, { api_key: RM.apiKey }, /^Royal Mail \S+: /],
    ['dhl_express', { api_secret: 'e2e-dhl-wrong-secret' }, { api_secret: DHL.apiSecret }, /^DHL Express 401: /],
  ] as const)("checks the %s account: ok with the carrier's credentials, {ok: false} with the carrier's own words for wrong ones", async (carrier, wrong, right, detail) => {
    const id = accounts[carrier];
    const calls = stack.carriers[carrier === 'royalmail' ? 'royalmail' : 'dhlExpress'].count('check');
    expect((await api.post(`/carrier-accounts/${id}/check`, undefined)).body).toEqual({ ok: true });
    // The check asked the carrier (its double), not a cached answer.
    expect(stack.carriers[carrier === 'royalmail' ? 'royalmail' : 'dhlExpress'].count('check')).toBe(calls + 1);
    expect((await api.patch(`/carrier-accounts/${id}`, { credentials: wrong })).status).toBe(200);
    const check = await api.post(`/carrier-accounts/${id}/check`, undefined);
    expect([check.status, check.body]).toEqual([200, { ok: false, detail: expect.stringMatching(detail) }]);
    expect((await api.get(`/carrier-accounts/${id}`)).body.last_check).toMatchObject({ ok: false, detail: check.body.detail });
    for (const value of Object.values(wrong)) expect(JSON.stringify(check.body)).not.toContain(value);
    expect((await api.patch(`/carrier-accounts/${id}`, { credentials: right })).status).toBe(200);
    expect((await api.post(`/carrier-accounts/${id}/check`, undefined)).body).toEqual({ ok: true });
  });

  it("leaves a booking Royal Mail refuses Unallocated with Click & Drop's error code and message, listed as a refusal", async () => {
    const c = await create(gb({ service_id: 'Royal Mail|Royal Mail Tracked 24', recipient: nowhere }));
    expect([c.current_status.status, c.current_status.rejection_reason, c.consignment_number])
      .toEqual(['Unallocated', 'Royal Mail 25: The postcode is not valid for the destination country (recipient.address.postcode)', null]);
    expect(await exception(c.identifier)).toMatchObject({ kind: 'refused', rejection_reason: c.current_status.rejection_reason });
    expect(stack.carriers.royalmail.state.orders.size).toBe(0);
  });

  it("leaves a booking DHL Express refuses Unallocated with MyDHL's status and detail, listed as a refusal", async () => {
    const c = await create(germany({ service_id: 'DHL Express|DHL Express Worldwide' }, 'ZZ9 9ZZ'));
    expect([c.current_status.status, c.current_status.rejection_reason, c.consignment_number])
      .toEqual(['Unallocated', 'DHL Express 422: 410928: Postal code or city of the receiver is not valid for the destination country', null]);
    expect(await exception(c.identifier)).toMatchObject({ kind: 'refused', rejection_reason: c.current_status.rejection_reason });
  });

  it('refuses while Royal Mail answers 503 (a carrier-call anomaly), and books again once it is back', async () => {
    stack.carriers.royalmail.inject({ operation: 'ship', kind: 'error', status: 503, times: 1 });
    const down = await create(gb({ service_id: 'Royal Mail|Royal Mail Tracked 24' }));
    expect([down.current_status.status, down.current_status.rejection_reason, down.consignment_number]).toEqual(['Unallocated', 'Royal Mail unavailable (HTTP 503)', null]);
    expect(await exception(down.identifier)).toMatchObject({ kind: 'carrier_call_anomaly', rejection_reason: 'Royal Mail unavailable (HTTP 503)' });
    const back = await bookedOnceBack(() => gb({ service_id: 'Royal Mail|Royal Mail Tracked 24' }), 'a Royal Mail booking once Click & Drop is back');
    expect(back.consignment_number).toMatch(/^TT\d{9}GB$/);
  });

  it('refuses while DHL Express does not answer in time (a carrier-call anomaly), and books again once it is back', async () => {
    stack.carriers.dhlExpress.inject({ operation: 'ship', kind: 'slow', delayMs: TIMEOUT_MS + 4000, times: 1 });
    const down = await create(germany({ service_id: 'DHL Express|DHL Express Worldwide' }));
    const reason = `DHL Express timed out after ${TIMEOUT_MS / 1000} s`;
    expect([down.current_status.status, down.current_status.rejection_reason, down.consignment_number]).toEqual(['Unallocated', reason, null]);
    expect(await exception(down.identifier)).toMatchObject({ kind: 'carrier_call_anomaly', rejection_reason: reason });
    const back = await bookedOnceBack(() => germany({ service_id: 'DHL Express|DHL Express Worldwide' }), 'a DHL Express booking once MyDHL is back');
    expect(back.consignment_number).toMatch(/^\d{10}$/);
  });

  it('refuses a UPS booking clearly when UPS does not know the credentials, and books once they are right', async () => {
    const c = await create(gb({ service_id: 'UPS|UPS Standard' }));
    expect([c.current_status.status, c.current_status.rejection_reason, c.consignment_number])
      .toEqual(['Unallocated', expect.stringMatching(/^UPS 250002: Invalid Authentication Information\./), null]);
    expect(await exception(c.identifier)).toMatchObject({ kind: 'refused', rejection_reason: c.current_status.rejection_reason });
    expect(stack.carriers.ups.requests.filter((r) => r.startsWith('ship ')).length).toBe(0);
    expect((await api.patch(`/carrier-accounts/${accounts.ups}`, { credentials: { client_secret: UPS.clientSecret } })).status).toBe(200);
    const back = await bookedOnceBack(() => gb({ service_id: 'UPS|UPS Standard' }), 'a UPS booking with the right credentials');
    expect(back.consignment_number).toMatch(/^1ZE2EF00/);
  });

  it("serves UPS's commercial invoice as an international consignment's customs invoice", async () => {
    const c = await create(germany({ service_id: 'UPS|UPS Standard' }));
    expect([c.current_status.status, c.current_status.rejection_reason, c.carrier]).toEqual(['Allocated', null, 'UPS']);
    const forms = (stack.carriers.ups.lastBodies.get('ship') as { ShipmentRequest: { Shipment: { ShipmentServiceOptions: { InternationalForms: { FormType: string[]; InvoiceNumber: string } } } } })
      .ShipmentRequest.Shipment.ShipmentServiceOptions.InternationalForms;
    expect(forms).toMatchObject({ FormType: ['01'], InvoiceNumber: c.order_number });
    const docs = await api.get(`/consignment/${c.identifier}/documents`);
    expect(docs.status).toBe(200);
    const [page] = await pdfPages(docs.body.invoices);
    expect(page.text).toContain('COMMERCIAL INVOICE');
    expect(page.text).toContain(`Invoice ${c.order_number}`);
    expect(page.text).toContain(`Waybill ${c.consignment_number}`);
    expect(page.text).toContain('Paperback book');
  });
});
