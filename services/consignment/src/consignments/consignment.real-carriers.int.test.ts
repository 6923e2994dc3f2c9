import { randomBytes } from 'node:crypto';
import { eventually, usingRealServers } from '@waybill/testing';
import { consignmentBody, RealCarriersHarness } from '../real-carriers.test-support';

/**
 * Real carriers through the ordinary consignment API: carrier-link runs as its own process against the
 * UPS, Royal Mail and DHL Express doubles and is the only party that reads credentials or calls a
 * carrier. Its process needs the real servers, so without them (PGlite) the suite is skipped.
 */
const describeReal = usingRealServers() ? describe : describe.skip;

describeReal('consignments at real carriers through carrier-link', () => {
  let h: RealCarriersHarness;
  let accounts: Record<string, string>;
  const order = () => `ORD-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    h = await RealCarriersHarness.start();
    accounts = await h.addAccounts();
  });
  afterAll(() => h?.close());
  afterEach(() => {
    h.ups.clearFaults();
    expect(h.violations()).toEqual([]);
  });

  it("lists the carriers and services of the company's enabled accounts beside the sandbox ones", async () => {
    const carriers = (await h.api('get', '/carriers')).body as Array<{ identifier: string; name: string; zpl_native: boolean }>;
    expect(carriers.map((c) => [c.identifier, c.name])).toEqual([['ups', 'UPS'], ['royalmail', 'Royal Mail'], ['dhl_express', 'DHL Express']]);
    const services = ((await h.api('get', '/carrierservices')).body as Array<{ identifier: string; carrier_id: string }>).map((s) => s.identifier);
    expect(services).toEqual(expect.arrayContaining(['UPS|UPS Standard', 'Royal Mail|Royal Mail Tracked 24', 'DHL Express|DHL Express Worldwide']));
  });

  it("allocates by service_id at UPS with UPS's numbers, and cancel voids the shipment at UPS", async () => {
    const c = await h.create(consignmentBody(order(), { service_id: 'UPS|UPS Standard' }));
    expect([c.current_status.status, c.current_status.rejection_reason, c.carrier, c.service_id]).toEqual(['Allocated', null, 'UPS', 'UPS|UPS Standard']);
    expect(c.consignment_number).toMatch(/^1ZA1B2C3/);
    expect(c.packages.map((p: { tracking_number: string }) => p.tracking_number)).toEqual([expect.stringMatching(/^1Z/), expect.stringMatching(/^1Z/)]);
    expect(h.ups.state.shipments.get(c.consignment_number)?.voided).toBeFalsy();
    const cancelled = await h.api('delete', `/consignment/${c.identifier}`);
    expect([cancelled.status, cancelled.body.current_status?.status]).toEqual([200, 'Cancelled']);
    expect(h.ups.state.shipments.get(c.consignment_number)?.voided).toBe(true);
    expect((await h.api('delete', `/consignment/${c.identifier}`)).body.current_status.status).toBe('Cancelled');
  });

  it('allocates by carrier name at Royal Mail, and cancel deletes the Click & Drop order', async () => {
    const c = await h.create(consignmentBody(order(), { carrier: 'Royal Mail' }));
    expect([c.current_status.status, c.carrier, c.service_id]).toEqual(['Allocated', 'Royal Mail', 'Royal Mail|Royal Mail Tracked 24']);
    expect(c.consignment_number).toMatch(/^TT\d{9}GB$/);
    expect(h.rm.state.orderOfTracking(c.consignment_number)).toBeDefined();
    expect((await h.api('delete', `/consignment/${c.identifier}`)).body.current_status.status).toBe('Cancelled');
    expect(h.rm.state.orderOfTracking(c.consignment_number)).toBeUndefined();
  });

  it('allocates by rules at DHL Express with the export declaration, and cancel ends Cancelled with nothing voided at DHL', async () => {
    h.candidates = ['DHL Express|DHL Express Worldwide'];
    const number = order();
    const body = consignmentBody(number, { service_id: 'auto', currency: 'GBP', invoice: { incoterm: 'DAP' }, export_customs: { reason_for_export: 'merchandise' } },
      { address1: 'Unter den Linden 1', city: 'Berlin', postcode: '10117', country: 'DE' });
    (body.packages as Array<Record<string, unknown>>)[0].items = [{ name: 'Paperback book', quantity: 2, value: 12.5, harmonisation_code: '490199', country_of_origin: 'GB', weight: 0.4 }];
    const c = await h.create(body);
    expect([c.current_status.status, c.current_status.rejection_reason, c.service_id]).toEqual(['Allocated', null, 'DHL Express|DHL Express Worldwide']);
    expect(c.consignment_number).toMatch(/^\d{10}$/);
    const sent = h.dhl.lastBodies.get('ship') as { plannedShippingDateAndTime: string; content: { isCustomsDeclarable: boolean; incoterm: string; exportDeclaration: { invoice: { number: string }; lineItems: Array<{ commodityCodes: Array<{ value: string }> }> } } };
    // The warehouse's own cutoff (16:30 London time) is when DHL collects.
    expect(sent.plannedShippingDateAndTime).toMatch(/^\d{4}-\d{2}-\d{2}T16:30:00GMT\+0[01]:00$/);
    expect(sent.content).toMatchObject({ isCustomsDeclarable: true, incoterm: 'DAP', exportDeclaration: { invoice: { number } } });
    expect(sent.content.exportDeclaration.lineItems[0].commodityCodes[0].value).toBe('490199');
    const calls = h.dhl.requests.length;
    expect((await h.api('delete', `/consignment/${c.identifier}`)).body.current_status.status).toBe('Cancelled');
    expect(h.dhl.requests.slice(calls)).toEqual([]);
  });

  it("leaves a refused booking Unallocated with the carrier's code and message, and books nothing", async () => {
    const c = await h.create(consignmentBody(order(), { service_id: 'UPS|UPS Standard' }, { postcode: 'ZZ9 9ZZ' }));
    expect([c.current_status.status, c.current_status.rejection_reason, c.consignment_number, c.service_id])
      .toEqual(['Unallocated', 'UPS 120802: Address Validation Error on ShipTo address', null, null]);
    expect((await h.carrierLink('get', `/carrier-bookings/${c.identifier}/labels`)).status).toBe(404);
    expect(await h.database.db.selectFrom('carrier_call_anomalies').select('id').where('identifier', '=', c.identifier).execute()).toEqual([]);
    const queued = await eventually(async () => ((await h.api('get', '/dashboard/exceptions')).body.results as Array<{ identifier: string }>)
      .find((r) => r.identifier === c.identifier), { what: 'the refusal in the exceptions queue' });
    expect(queued).toMatchObject({ kind: 'refused', rejection_reason: c.current_status.rejection_reason });
    const byName = await h.create(consignmentBody(order(), { carrier: 'ups' }, { postcode: 'ZZ9 9ZZ' }));
    expect([byName.current_status.status, byName.carrier, byName.current_status.rejection_reason]).toEqual(['Unallocated', 'UPS', c.current_status.rejection_reason]);
  });

  it('records an outage during booking as a refusal that says so and as a carrier-call anomaly for the operator', async () => {
    h.ups.inject({ operation: 'ship', kind: 'error', status: 503, times: 20 });
    const c = await h.create(consignmentBody(order(), { service_id: 'UPS|UPS Standard' }));
    expect(c.current_status.status).toBe('Unallocated');
    expect(c.current_status.rejection_reason).toMatch(/^UPS unavailable \(HTTP 503\)/);
    const rows = await h.database.db.selectFrom('carrier_call_anomalies').select(['carrier', 'reason']).where('identifier', '=', c.identifier).execute();
    expect(rows).toEqual([{ carrier: 'ups', reason: c.current_status.rejection_reason }]);
    const queue = await eventually(async () => {
      const res = await h.api('get', '/dashboard/exceptions');
      return (res.body.results as Array<{ identifier: string }>).find((r) => r.identifier === c.identifier);
    }, { what: 'the anomaly in the exceptions queue' });
    expect(queue).toMatchObject({ kind: 'carrier_call_anomaly', status: 'Unallocated', rejection_reason: c.current_status.rejection_reason });
    expect(await h.metrics()).toMatch(/waybill_consignment_booking_outcome_unknown_total\{carrier="ups"\} [1-9]/);
    // The carrier calls are carrier-link's: its own process counts them.
    expect(await h.carrierLinkMetrics()).toMatch(/waybill_carrier_call_anomalies_total\{carrier="ups",operation="ship"\} [1-9]/);
  });

  it("reports a void UPS refuses (nothing changes), and cancels once UPS accepts", async () => {
    const c = await h.create(consignmentBody(order(), { service_id: 'UPS|UPS Standard' }));
    h.ups.inject({ operation: 'void', kind: 'error', status: 400, times: 1 });
    const refused = await h.api('delete', `/consignment/${c.identifier}`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/^UPS refused the cancellation; nothing was changed: UPS \d+: /);
    expect((await h.api('get', `/consignment/${c.identifier}`)).body.current_status.status).toBe('Allocated');
    expect((await h.api('delete', `/consignment/${c.identifier}`)).body.current_status.status).toBe('Cancelled');
    expect(h.ups.state.shipments.get(c.consignment_number)?.voided).toBe(true);
  });

  it('books again when an allocated consignment is edited, voiding the old shipment and keeping the new one', async () => {
    const body = consignmentBody(order(), { service_id: 'UPS|UPS Standard' });
    const c = await h.create(body);
    const edited = await h.api('put', `/consignment/${c.identifier}`, { ...body, create_date: c.create_date, recipient: { ...(body.recipient as object), address: { address1: '1 New Road', city: 'London', postcode: 'SW1A 1AA', country: 'GB' } } });
    expect([edited.status, edited.body.detail]).toEqual([200, undefined]);
    expect(edited.body.current_status.status).toBe('Allocated');
    expect(edited.body.consignment_number).not.toBe(c.consignment_number);
    expect(h.ups.state.shipments.get(c.consignment_number)?.voided).toBe(true);
    expect(h.ups.state.shipments.get(edited.body.consignment_number)?.voided).toBeFalsy();
  });

  it('claims every labelled Royal Mail consignment of the account for a manifest, whichever was named and wherever it ships from', async () => {
    const named = await h.create(consignmentBody(order(), { service_id: 'Royal Mail|Royal Mail Tracked 24' }));
    const other = await h.create(consignmentBody(order(), { service_id: 'Royal Mail|Royal Mail Tracked 48', warehouse_id: 'Leeds' }));
    const ups = await h.create(consignmentBody(order(), { service_id: 'UPS|UPS Standard' }));
    const manifestId = randomBytes(16).toString('hex');
    const claim = await h.api('post', '/manifest-claims', {
      manifest_id: manifestId, carrier_id: 'royalmail', warehouse_id: `${h.company}|London`, consignment_ids: [named.identifier],
    }, 'service:manifest');
    expect(claim.status).toBe(200);
    expect(claim.body.scope).toBe('account');
    const claimed = claim.body.consignments.map((c: { identifier: string }) => c.identifier);
    expect(claimed).toEqual(expect.arrayContaining([named.identifier, other.identifier]));
    expect(claimed).not.toContain(ups.identifier);
    for (const id of [named.identifier, other.identifier]) expect((await h.api('get', `/consignment/${id}`)).body.current_status.status).toBe('Manifested');
    expect((await h.api('get', `/consignment/${ups.identifier}`)).body.current_status.status).toBe('Allocated');
  });

  it('keeps the consignments of a deleted account readable and cancellable (voided at UPS)', async () => {
    const c = await h.create(consignmentBody(order(), { service_id: 'UPS|UPS Standard' }));
    expect((await h.carrierLink('delete', `/carrier-accounts/${accounts.ups}`)).status).toBe(204);
    h.companies.invalidate();
    const services = ((await h.api('get', '/carrierservices')).body as Array<{ identifier: string }>).map((s) => s.identifier);
    expect(services.filter((s) => s.startsWith('UPS|'))).toEqual([]);
    const read = (await h.api('get', `/consignment/${c.identifier}`)).body;
    expect([read.carrier, read.service_id, read.consignment_number]).toEqual(['UPS', 'UPS|UPS Standard', c.consignment_number]);
    expect((await h.api('delete', `/consignment/${c.identifier}`)).body.current_status.status).toBe('Cancelled');
    expect(h.ups.state.shipments.get(c.consignment_number)?.voided).toBe(true);
    const refused = await h.api('post', '/consignments', [consignmentBody(order(), { service_id: 'UPS|UPS Standard' })]);
    expect(refused.body.errors['0']).toEqual(['service_id: carrier service "UPS|UPS Standard" not found.']);
  });
});
