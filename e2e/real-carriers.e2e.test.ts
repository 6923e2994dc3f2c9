import { addCarrierAccounts, settleDoubles, type RealCarrier } from './support/carrier-accounts';
import { client } from './support/client';
import { createConsignment, pdfPages, zipEntries } from './support/documents';
import { domesticConsignment } from './support/fixtures';
import { scrape, total } from './support/metrics';
import { availableModes, startStack, type Stack } from './support/stack';
import { eventually } from '@waybill/testing';

/**
 * UPS, Royal Mail Click & Drop and DHL Express through the ordinary consignment API, against their local
 * doubles: accounts added through /carrier-accounts, allocation by service_id and by rules, the carriers'
 * own labels in PDF, ZPL and PNG (while the carrier is down too), refusals, an outage that opens UPS's
 * circuit breaker and closes it again, cancel (UPS void, Royal Mail delete, DHL: nothing to void) and a
 * Royal Mail manifest that covers every labelled consignment of the account, and of that account only once
 * the company has replaced it.
 */
const UPS = { clientId: 'e2e-ups-booking-client', clientSecret: 'e2e-ups-booking-secret-P4Q8', accountNumber: 'E2EB00' };
const RM = { apiKey: 'e2e-rm-booking-key-0001', oba: true };
const RM_NEXT = { apiKey: 'e2e-rm-booking-key-0002', oba: true };
const DHL = { apiKey: 'e2e-dhl-booking-key', apiSecret: 'e2e-dhl-booking-secret', accountNumber: '555666777' };
const BREAKER_OPEN_MS = 5000;

const parcels = [
  { description: 'Books', weight: 2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', items: [{ name: 'Paperback book', quantity: 2, value: 12.5, harmonisation_code: '490199', country_of_origin: 'GB', weight: 0.4 }] },
  { description: 'Books', weight: 1, weight_unit: 'kg', items: [{ name: 'Hardback book', quantity: 1, value: 20, harmonisation_code: '490199', country_of_origin: 'GB', weight: 0.9 }] },
];
const gb = (extra: Record<string, unknown> = {}) => domesticConsignment({
  recipient: { name: 'Ada Lovelace', contact_number: '07700 900123', email_address: 'ada@example.com', address: { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' } },
  packages: parcels, ...extra,
});
const germany = (extra: Record<string, unknown> = {}) => gb({
  recipient: { name: 'Max Mustermann', contact_number: '+49 30 1234567', address: { address1: 'Unter den Linden 1', city: 'Berlin', postcode: '10117', country: 'DE' } },
  currency: 'GBP', invoice: { incoterm: 'DAP' }, export_customs: { reason_for_export: 'merchandise' }, ...extra,
});

describe.each(availableModes())('real carriers through the consignment API (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let accounts: Record<RealCarrier, string>;
  const rules: string[] = [];

  /** The process whose /metrics counts a service's work: the one process, or that service's own. */
  const metricsOf = (service: string) => scrape(stack.processUrls?.[service] ?? stack.baseUrl);
  const create = (body: Record<string, unknown>) => createConsignment(api, body);
  const exception = (identifier: string) => eventually(async () => ((await api.get('/dashboard/exceptions')).body.results as Array<{ identifier: string }>)
    .find((r) => r.identifier === identifier), { timeoutMs: 20_000, what: `consignment ${identifier} in the exceptions queue` });

  beforeAll(async () => {
    stack = await startStack(mode, { CARRIER_BREAKER_FAILURES: '2', CARRIER_BREAKER_OPEN_MS: String(BREAKER_OPEN_MS), CARRIER_TIMEOUT_MS: '8000' });
    stack.carriers.ups.addClient(UPS);
    stack.carriers.royalmail.addAccount(RM);
    stack.carriers.dhlExpress.addAccount(DHL);
    api = client(stack);
    accounts = await addCarrierAccounts(api, {
      ups: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber },
      royalmail: { api_key: RM.apiKey },
      dhl_express: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber },
    });
    for (const [method, serviceId, countries] of [
      ['ups-rule', 'UPS|UPS Standard', ['GB']], ['rm-rule', 'Royal Mail|Royal Mail Tracked 48', ['GB']], ['dhl-rule', 'DHL Express|DHL Express Worldwide', ['DE']],
    ] as const) {
      const res = await api.post('/delivery-rules', { name: `${serviceId} by rule`, service_id: serviceId, delivery_type: 'standard', conditions: { countries, shipping_methods: [method] }, price: { amount: '0.01' } });
      if (res.status !== 201) throw new Error(`rule ${serviceId}: ${res.status} ${res.text}`);
      rules.push(res.body.id);
    }
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(() => {
    expect(settleDoubles(stack.carriers)).toEqual([]);
  });

  it("lists the accounts' carriers and services beside the sandbox ones, and quotes them in delivery options", async () => {
    const carriers = (await api.get('/carriers')).body.map((c: { identifier: string; name: string }) => [c.identifier, c.name]);
    expect(carriers).toEqual(expect.arrayContaining([['ups', 'UPS'], ['royalmail', 'Royal Mail'], ['dhl_express', 'DHL Express']]));
    const services = (await api.get('/carrierservices')).body.map((s: { identifier: string }) => s.identifier);
    expect(services).toEqual(expect.arrayContaining(['UPS|UPS Standard', 'Royal Mail|Royal Mail Tracked 24', 'DHL Express|DHL Express Worldwide']));
    const quote = await client(stack, '').post(`/api/2.0.0/company/${stack.creds.company}/delivery_options/`,
      { recipient: { address: { country: 'GB', postcode: 'SW1A 2AA' } }, shipping_method: 'ups-rule', packages: [{ weight: 2, weight_unit: 'kg' }] },
      { auth: { header: `Api-Key ${stack.creds.deliveryOptionsKey}` } });
    expect(quote.status).toBe(200);
    expect(quote.body.delivery_options.map((o: { service_id: string }) => o.service_id)).toContain('UPS|UPS Standard');
  });

  it("books at UPS by service_id, by rules and by carrier name, prints UPS's labels as PDF, ZPL and PNG while UPS is down, and cancel voids", async () => {
    // UPS rates live (the double's tariff is above the seeded services' rules): refusing to rate leaves the rule's
    // 0.01, so allocation by cheapest picks UPS. A 400 is a refusal, which opens no breaker.
    stack.carriers.ups.inject({ operation: 'rate', kind: 'error', status: 400, times: 100 });
    const byId = await create(gb({ service_id: 'UPS|UPS Standard' }));
    const byRule = await create(gb({ service_id: 'auto', shipping_method: 'ups-rule' }));
    const byName = await create(gb({ carrier: 'UPS' }));
    for (const c of [byId, byRule, byName]) {
      expect([c.current_status.status, c.current_status.rejection_reason, c.carrier, c.service_id]).toEqual(['Allocated', null, 'UPS', 'UPS|UPS Standard']);
      expect(c.consignment_number).toMatch(/^1ZE2EB00/);
      expect(c.packages.map((p: { tracking_number: string }) => p.tracking_number)).toEqual([expect.stringMatching(/^1Z/), expect.stringMatching(/^1Z/)]);
    }
    const ships = stack.carriers.ups.requests.filter((r) => r.startsWith('ship ')).length;
    // UPS refuses every booking meanwhile: a documents request that booked again would fail. (Only ship: the
    // Track Alert subscriptions made in the background must not trip the breaker this stack keeps low.)
    stack.carriers.ups.inject({ operation: 'ship', kind: 'error', status: 503, times: 1000 });
    const pdf = await api.get(`/consignment/${byId.identifier}/documents?documenttype=application/pdf&label_size=A6`);
    expect([pdf.status, pdf.body.label_format]).toEqual([200, 'application/pdf']);
    expect(await pdfPages(pdf.body.labels)).toHaveLength(2);
    const zpl = await api.get(`/consignment/${byId.identifier}/documents?documenttype=application/x-zebra-zpl`);
    expect(zpl.body.labels.match(/\^XA/g)).toHaveLength(2);
    const png = await api.get(`/consignment/${byId.identifier}/documents?documenttype=image/png&label_size=8x4`);
    expect(Object.keys(zipEntries(png.body.labels))).toHaveLength(2);
    stack.carriers.ups.clearFaults();
    expect(stack.carriers.ups.requests.filter((r) => r.startsWith('ship ')).length).toBe(ships);
    expect((await api.get(`/consignment/${byId.identifier}`)).body.current_status.status).toBe('Printed');
    const cancelled = await api.del(`/consignment/${byId.identifier}`);
    expect([cancelled.status, cancelled.body.current_status.status]).toEqual([200, 'Cancelled']);
    expect(stack.carriers.ups.state.shipments.get(byId.consignment_number)?.voided).toBe(true);
  });

  it("books at Royal Mail by service_id and by rules, prints Click & Drop's PDF labels as PDF, ZPL and PNG, and cancel deletes the order", async () => {
    const byId = await create(gb({ service_id: 'Royal Mail|Royal Mail Tracked 24' }));
    const byRule = await create(gb({ service_id: 'auto', shipping_method: 'rm-rule' }));
    expect([byId.current_status.status, byId.carrier, byId.service_id]).toEqual(['Allocated', 'Royal Mail', 'Royal Mail|Royal Mail Tracked 24']);
    expect([byRule.current_status.status, byRule.service_id]).toEqual(['Allocated', 'Royal Mail|Royal Mail Tracked 48']);
    expect(byId.consignment_number).toMatch(/^TT\d{9}GB$/);
    const pdf = await api.get(`/consignment/${byId.identifier}/documents`);
    expect(await pdfPages(pdf.body.labels)).toHaveLength(2);
    const zpl = await api.get(`/consignment/${byId.identifier}/documents?documenttype=application/x-zebra-zpl`);
    expect(zpl.body.labels.match(/\^GF/g)).toHaveLength(2);
    const pngs = await api.get(`/consignment/${byId.identifier}/documents?documenttype=image/x-png-list`);
    expect(pngs.body.labels).toHaveLength(2);
    expect((await api.del(`/consignment/${byId.identifier}`)).body.current_status.status).toBe('Cancelled');
    expect(stack.carriers.royalmail.state.orderOfTracking(byId.consignment_number)).toBeUndefined();
  });

  it("books at DHL Express by rules and by service_id with the export declaration, prints DHL's labels and its invoice, and cancel voids nothing", async () => {
    // As for UPS: DHL refusing to rate leaves the rule's 0.01, the cheapest.
    stack.carriers.dhlExpress.inject({ operation: 'rate', kind: 'error', status: 400, times: 100 });
    const byRule = await create(germany({ service_id: 'auto', shipping_method: 'dhl-rule' }));
    const byId = await create(germany({ service_id: 'DHL Express|DHL Express Worldwide' }));
    for (const c of [byRule, byId]) {
      expect([c.current_status.status, c.current_status.rejection_reason, c.carrier, c.service_id]).toEqual(['Allocated', null, 'DHL Express', 'DHL Express|DHL Express Worldwide']);
      expect(c.consignment_number).toMatch(/^\d{10}$/);
    }
    const sent = stack.carriers.dhlExpress.lastBodies.get('ship') as { content: { incoterm: string; exportDeclaration: { invoice: { number: string } } } };
    expect(sent.content).toMatchObject({ incoterm: 'DAP', exportDeclaration: { invoice: { number: byId.order_number } } });
    const pdf = await api.get(`/consignment/${byId.identifier}/documents`);
    expect(await pdfPages(pdf.body.labels)).toHaveLength(2);
    // DHL's own commercial invoice, made at booking for the dutiable shipment, is the customs invoice.
    expect((await pdfPages(pdf.body.invoices))[0].text).toContain(`Invoice ${byId.order_number}`);
    const png = await api.get(`/consignment/${byId.identifier}/documents?documenttype=image/png`);
    expect(Object.keys(zipEntries(png.body.labels))).toHaveLength(2);
    const zpl = await api.get(`/consignment/${byId.identifier}/documents?documenttype=application/x-zebra-zpl`);
    expect(zpl.body.labels.match(/\^XA/g)).toHaveLength(2);
    const calls = stack.carriers.dhlExpress.requests.length;
    expect((await api.del(`/consignment/${byId.identifier}`)).body.current_status.status).toBe('Cancelled');
    expect(stack.carriers.dhlExpress.requests.slice(calls)).toEqual([]);
  });

  it("leaves a refused booking Unallocated with UPS's code and message, listed as a refusal", async () => {
    const c = await create(gb({ service_id: 'UPS|UPS Standard', recipient: { name: 'Ada', contact_number: '07700 900123', address: { address1: '1 Nowhere', city: 'London', postcode: 'ZZ9 9ZZ', country: 'GB' } } }));
    expect([c.current_status.status, c.current_status.rejection_reason, c.consignment_number]).toEqual(['Unallocated', 'UPS 120802: Address Validation Error on ShipTo address', null]);
    expect(await exception(c.identifier)).toMatchObject({ kind: 'refused', rejection_reason: c.current_status.rejection_reason });
  });

  it('refuses while UPS is down (a carrier-call anomaly), fails fast once the breaker opens, and books again once it closes', async () => {
    stack.carriers.ups.inject({ operation: 'ship', kind: 'error', status: 503, times: 2 });
    const down = [await create(gb({ service_id: 'UPS|UPS Standard' })), await create(gb({ service_id: 'UPS|UPS Standard' }))];
    // Within the open period (asked at once): refused without calling UPS.
    const ships = stack.carriers.ups.requests.filter((r) => r.startsWith('ship ')).length;
    const fast = await create(gb({ service_id: 'UPS|UPS Standard' }));
    expect(fast.current_status.rejection_reason).toMatch(/^UPS unavailable \(failing; next attempt in [\d.]+ s\)$/);
    expect(stack.carriers.ups.requests.filter((r) => r.startsWith('ship ')).length).toBe(ships);
    for (const c of down) {
      expect([c.current_status.status, c.current_status.rejection_reason]).toEqual(['Unallocated', 'UPS unavailable (HTTP 503)']);
      expect(await exception(c.identifier)).toMatchObject({ kind: 'carrier_call_anomaly', rejection_reason: 'UPS unavailable (HTTP 503)' });
    }
    expect(await exception(fast.identifier)).toMatchObject({ kind: 'refused' });
    const open = total(await metricsOf('carrier-link'), 'waybill_carrier_requests_total', { carrier: 'ups', outcome: 'circuit_open' });
    expect(open).toBeGreaterThan(0);
    expect(total(await metricsOf('carrier-link'), 'waybill_carrier_call_anomalies_total', { carrier: 'ups' })).toBeGreaterThanOrEqual(2);
    expect(total(await metricsOf('consignment'), 'waybill_consignment_booking_outcome_unknown_total', { carrier: 'ups' })).toBeGreaterThanOrEqual(2);
    // After the open period one probe goes through; UPS answers, so the breaker closes and bookings flow.
    const back = await eventually(async () => {
      const c = await create(gb({ service_id: 'UPS|UPS Standard' }));
      return c.current_status.status === 'Allocated' ? c : undefined;
    }, { timeoutMs: BREAKER_OPEN_MS * 5, intervalMs: 500, what: 'a UPS booking after the breaker closed' });
    expect(back.consignment_number).toMatch(/^1Z/);
    expect((await create(gb({ service_id: 'UPS|UPS Standard' }))).current_status.status).toBe('Allocated');
  });

  it('manifests every labelled Royal Mail consignment of the account through Click & Drop, with its PDF', async () => {
    const named = await create(gb({ service_id: 'Royal Mail|Royal Mail Tracked 24' }));
    const unnamed = await create(gb({ service_id: 'Royal Mail|Royal Mail Tracked 48' }));
    const res = await api.post('/manifest', { consignment_ids: [named.identifier], carrier_id: 'royalmail', warehouse_id: `${stack.creds.company}|London DC` });
    expect(res.status).toBe(201);
    expect(res.body.consignment_ids).toEqual(expect.arrayContaining([named.identifier, unnamed.identifier]));
    for (const id of res.body.consignment_ids) expect((await api.get(`/consignment/${id}`)).body.current_status.status).toBe('Manifested');
    const docs = await eventually(async () => {
      const d = await api.get(`/manifest/${res.body.identifier}/documents`);
      return d.status === 200 ? d : undefined;
    }, { timeoutMs: 30_000, what: 'the manifest document' });
    const made = [...stack.carriers.royalmail.state.manifests.values()].filter((m) => m.apiKey === RM.apiKey);
    expect(made).toHaveLength(1);
    expect(docs.body.documents).toBe(made[0].pdf);
  });

  it('keeps the consignments of a deleted account readable and cancellable', async () => {
    const c = await create(germany({ service_id: 'DHL Express|DHL Express Worldwide' }));
    expect((await api.del(`/carrier-accounts/${accounts.dhl_express}`)).status).toBe(204);
    await eventually(async () => !((await api.get('/carrierservices')).body as Array<{ identifier: string }>).some((s) => s.identifier.startsWith('DHL Express|')),
      { timeoutMs: 20_000, what: 'DHL Express gone from /carrierservices' });
    const read = (await api.get(`/consignment/${c.identifier}`)).body;
    expect([read.carrier, read.service_id, read.consignment_number, read.current_status.status]).toEqual(['DHL Express', 'DHL Express|DHL Express Worldwide', c.consignment_number, 'Allocated']);
    expect((await api.del(`/consignment/${c.identifier}`)).body.current_status.status).toBe('Cancelled');
  });

  it("after the Royal Mail account is replaced, a manifest through the new one takes only the new account's consignments", async () => {
    const old = await create(gb({ service_id: 'Royal Mail|Royal Mail Tracked 24' }));
    expect((await api.del(`/carrier-accounts/${accounts.royalmail}`)).status).toBe(204);
    stack.carriers.royalmail.addAccount(RM_NEXT);
    const added = await api.post('/carrier-accounts', { carrier: 'royalmail', name: 'royalmail account (new)', test_mode: true, credentials: { api_key: RM_NEXT.apiKey } });
    expect(added.status).toBe(201);
    await eventually(async () => ((await api.get('/carrierservices')).body as Array<{ identifier: string }>).some((s) => s.identifier === 'Royal Mail|Royal Mail Tracked 24'),
      { timeoutMs: 20_000, what: 'Royal Mail back in /carrierservices' });
    const fresh = await create(gb({ service_id: 'Royal Mail|Royal Mail Tracked 24' }));
    expect(stack.carriers.royalmail.state.orderOfTracking(fresh.consignment_number)?.apiKey).toBe(RM_NEXT.apiKey);

    const res = await api.post('/manifest', { consignment_ids: [fresh.identifier], carrier_id: 'royalmail', warehouse_id: `${stack.creds.company}|London DC` });
    expect(res.status).toBe(201);
    expect(res.body.consignment_ids).toEqual([fresh.identifier]);
    expect((await api.get(`/consignment/${fresh.identifier}`)).body.current_status.status).toBe('Manifested');
    expect((await api.get(`/consignment/${old.identifier}`)).body.current_status.status).toBe('Allocated');
    const made = await eventually(async () => [...stack.carriers.royalmail.state.manifests.values()].find((m) => m.apiKey === RM_NEXT.apiKey),
      { timeoutMs: 30_000, what: "the new account's Click & Drop manifest" });
    // Click & Drop manifested the new account's orders: one per parcel of the consignment Waybill claimed.
    const numbers = (fresh.packages as Array<{ tracking_number: string }>).map((p) => p.tracking_number);
    const ordersOfFresh = [...stack.carriers.royalmail.state.orders.values()].filter((o) => numbers.includes(o.trackingNumber)).map((o) => o.orderIdentifier);
    expect([...made.orders].sort()).toEqual(ordersOfFresh.sort());
  });
});
