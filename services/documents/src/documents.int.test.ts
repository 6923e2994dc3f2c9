import { createLogger } from '@waybill/logger';
import { InProcessEventBus, type EventEnvelope } from '@waybill/messaging';
import { InlineJobDriver } from '@waybill/jobs';
import { signInternalToken } from '@waybill/internal-auth';
import { validateEvent } from '@waybill/contracts';
import { createTestDatabase, eventually, type TestDatabase } from '@waybill/testing';
import type { RunningService } from '@waybill/http';
import { startDocumentsService } from './service';
import { sandboxPort } from './test-support/sandbox-port';
import { openDocumentsAdmin } from './admin';
import { FakeConsignmentPeer } from './test-support/fake-consignment-peer';
import { SERVICES, sampleConsignment } from './test-support/sample-consignment';
import { readPdf } from './test-support/decode';
import type { ConsignmentView } from './documents/consignment.view';

const SECRET = 'documents-int-secret';
const COMPANY = 'acme';
const LONDON = { identifier: 'acme|London', name: 'London', is_default: true, address: { company_name: 'Acme Ltd', address1: '1 Dock Road', city: 'London', postcode: 'E16 1AA', country: 'GB' } };
const BERLIN = { identifier: 'acme|Berlin', name: 'Berlin', address: { company_name: 'Acme GmbH', address1: 'Hafenweg 2', city: 'Berlin', postcode: '10115', country: 'DE' } };

describe('documents service (consignment service faked at its internal API)', () => {
  let db: TestDatabase;
  let bus: InProcessEventBus;
  let svc: RunningService;
  let peer: FakeConsignmentPeer;
  const published: EventEnvelope[] = [];
  let n = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    bus = new InProcessEventBus({ logger: createLogger('test') });
    await bus.subscribe({ queue: 'test.documents', bindings: ['documents.#'], handler: async (e) => { published.push(e); } });
    peer = new FakeConsignmentPeer(SECRET);
    const peerUrl = await peer.start();
    peer.warehouses = [LONDON, BERLIN];
    svc = await startDocumentsService({
      db: db.target, bus, jobs: new InlineJobDriver({ logger: createLogger('test') }), logger: createLogger('test'),
      internalJwtSecret: SECRET, defaultPublicUrl: 'http://localhost:8080', peers: { consignment: peerUrl }, port: 0, host: '127.0.0.1',
    }, { carrierLink: sandboxPort() });
  });
  afterAll(async () => {
    await svc?.stop();
    await peer?.stop();
    await bus?.close();
    await db?.drop();
  });

  function add(service: string, patch: Partial<ConsignmentView> = {}, country = 'GB'): ConsignmentView {
    const c = { ...sampleConsignment(service, 2, country), warehouse_id: LONDON.identifier, ...patch };
    c.identifier = (++n).toString(16).padStart(32, 'a');
    peer.consignments.set(c.identifier, c);
    return c;
  }

  async function documents(identifier: string, query = '', company = COMPANY) {
    const token = signInternalToken(SECRET, 'documents', { company, principal: 'user:test' });
    const res = await fetch(`http://127.0.0.1:${svc.port}/companies/${COMPANY}/consignment/${identifier}/documents${query}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.json() as any };
  }

  const printedFor = (id: string) => published.filter((e) => e.type === 'documents.labels.printed' && (e.data as any).consignment_identifier === id);

  it('answers labels of an Allocated consignment and publishes documents.labels.printed (a valid event) once committed', async () => {
    const c = add(SERVICES.generic);
    const res = await documents(c.identifier);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ invoices: null, label_format: 'application/pdf' });
    expect((await readPdf(Buffer.from(res.body.labels, 'base64'))).pages).toHaveLength(2);
    const [event] = await eventually(() => printedFor(c.identifier).length > 0 && printedFor(c.identifier), { what: 'printed event' });
    expect(event.company).toBe(COMPANY);
    expect(validateEvent(event)).toEqual({ ok: true });
  });

  it('has the owner commit Printed before it answers 200, and answers 503 (nothing half-done) when the owner cannot', async () => {
    const c = add(SERVICES.generic);
    expect((await documents(c.identifier)).status).toBe(200);
    expect(peer.consignments.get(c.identifier)!.current_status.status).toBe('Printed');
    expect(peer.calls).toContain(`POST /consignment/${c.identifier}/printed service:documents`);
    const later = add(SERVICES.generic);
    peer.printedStatus = 500;
    try {
      const res = await documents(later.identifier);
      expect(res.status).toBe(503);
      expect(res.body.detail).toMatch(/Printed/);
    } finally {
      peer.printedStatus = 200;
    }
    expect((await documents(later.identifier)).status).toBe(200);
    expect(peer.consignments.get(later.identifier)!.current_status.status).toBe('Printed');
  });

  it('does not announce a reprint of a consignment that is already Printed', async () => {
    const c = add(SERVICES.generic, { current_status: { status: 'Printed', short_form: 'printed', rejection_reason: null } });
    expect((await documents(c.identifier)).status).toBe(200);
    const marker = add(SERVICES.generic);
    await documents(marker.identifier);
    await eventually(() => printedFor(marker.identifier).length > 0, { what: 'later event' });
    expect(printedFor(c.identifier)).toHaveLength(0);
  });

  it('allocates an Unallocated consignment by the rules first, and prints what it was allocated to', async () => {
    const c = add(SERVICES.generic, { service_id: null, carrier: null, service: null, consignment_number: null, current_status: { status: 'Unallocated', short_form: 'unallocated', rejection_reason: null } });
    const allocated = { ...sampleConsignment(SERVICES.swiftpost, 2), identifier: c.identifier, warehouse_id: LONDON.identifier };
    peer.allocations.set(c.identifier, allocated);
    const res = await documents(c.identifier, '?documenttype=application/x-zebra-zpl');
    expect(res.status).toBe(200);
    expect(res.body.labels).toContain(`^FD${allocated.packages[0].tracking_number}^FS`);
    expect(res.body.labels).toContain('^FDSWIFTPOST^FS');
    expect(peer.calls).toContain(`POST /consignment/${c.identifier}/allocate service:documents`);
    await eventually(() => printedFor(c.identifier).length > 0, { what: 'printed event after allocation' });
  });

  it('answers 409 with the reason when no rule or carrier accepts the consignment', async () => {
    const c = add(SERVICES.generic, { service_id: null, current_status: { status: 'Unallocated', short_form: 'unallocated', rejection_reason: null } });
    peer.allocations.set(c.identifier, 'No allocation rule matches a parcel of 45 kg to GB.');
    const res = await documents(c.identifier);
    expect(res).toEqual({ status: 409, body: expect.objectContaining({ detail: 'No allocation rule matches a parcel of 45 kg to GB.' }) });
  });

  it('answers 409 saying how to proceed when the consignment service cannot allocate by rules (an older version)', async () => {
    const c = add(SERVICES.generic, { service_id: null, current_status: { status: 'Unallocated', short_form: 'unallocated', rejection_reason: null } });
    const res = await documents(c.identifier);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/allocate it \(PUT with service_id\)/);
  });

  it('answers 409 for a Cancelled consignment without allocating it, and 404 for an unknown one', async () => {
    const c = add(SERVICES.generic, { current_status: { status: 'Cancelled', short_form: 'cancelled', rejection_reason: null } });
    expect((await documents(c.identifier)).status).toBe(409);
    expect(peer.calls.some((call) => call.includes(`${c.identifier}/allocate`))).toBe(false);
    expect((await documents('f'.repeat(32))).status).toBe(404);
  });

  it('answers 409 with a detail for a consignment whose personal data was erased, without allocating or printing it', async () => {
    const c = add(SERVICES.generic, { erased: true, current_status: { status: 'Unallocated', short_form: 'unallocated', rejection_reason: null } });
    const res = await documents(c.identifier);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/erased/);
    expect(peer.calls.some((call) => call.includes(`${c.identifier}/allocate`))).toBe(false);
    expect(printedFor(c.identifier)).toHaveLength(0);
  });

  it('adds a customs invoice only where the carrier needs one on the route', async () => {
    const us = await documents(add(SERVICES.globex, {}, 'US').identifier, '?invoice_quantity=2');
    expect(us.status).toBe(200);
    const invoice = await readPdf(Buffer.from(us.body.invoices, 'base64'));
    expect(invoice.pages).toHaveLength(2);
    expect(invoice.pages[0].text).toContain('COMMERCIAL INVOICE');
    const ie = add(SERVICES.globex, { recipient: { name: 'Nora', address: { address1: '1 Quay', city: 'Dublin', postcode: 'D01 F5P2', country: 'IE' } } });
    expect((await documents(ie.identifier)).body.invoices).toEqual(expect.any(String));
    expect((await documents(add(SERVICES.globex).identifier)).body.invoices).toBeNull();
    const deFr = add(SERVICES.globex, { warehouse_id: BERLIN.identifier, recipient: { name: 'Jean', address: { address1: '1 rue', city: 'Paris', postcode: '75001', country: 'FR' } } });
    expect((await documents(deFr.identifier)).body.invoices).toBeNull();
  });

  it('refuses with 409 naming the item field when customs data is missing, and announces nothing', async () => {
    const c = add(SERVICES.globex, {}, 'US');
    c.packages[1].items![0].country_of_origin = '';
    const res = await documents(c.identifier);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('packages.1.items.0.country_of_origin: required for customs on this route');
    const marker = add(SERVICES.generic);
    await documents(marker.identifier);
    await eventually(() => printedFor(marker.identifier).length > 0, { what: 'later event' });
    expect(printedFor(c.identifier)).toHaveLength(0);
  });

  it("follows the company's settings: label sizes enabled, 6x4 invoices concatenated after the labels", async () => {
    const c = add(SERVICES.globex, {}, 'US');
    expect((await documents(c.identifier, '?label_size=8x4')).body.detail).toBe('label_size: 8x4 labels are not enabled for this company.');
    const admin = await openDocumentsAdmin(db.target);
    await admin.configureCompany(COMPANY, { labelSizes: ['4x6', '8x4'], invoiceSize: '6x4', concatenateInvoices: true });
    await admin.close();
    const res = await documents(c.identifier, '?label_size=8x4&invoice_quantity=1&labelquantity=2');
    expect(res.status).toBe(200);
    const pdf = await readPdf(Buffer.from(res.body.labels, 'base64'));
    expect(pdf.pages.map((p) => [p.width, p.height])).toEqual([[576, 288], [576, 288], [576, 288], [576, 288], [288, 432]]);
    expect(pdf.pages[4].text).toContain('COMMERCIAL INVOICE');
    const invoice = await readPdf(Buffer.from(res.body.invoices, 'base64'));
    expect(invoice.pages.map((p) => [p.width, p.height])).toEqual([[288, 432]]);
  });

  it('prints the sender overrides and gives the same documents for the same consignment, new ones once it changes', async () => {
    const c = add(SERVICES.parcelink, { custom_attributes: { override_sender_name: 'Returns Desk', override_send_address2: 'Gate 4', override_sender_city: 'Leeds' } });
    const first = await documents(c.identifier);
    const text = (await readPdf(Buffer.from(first.body.labels, 'base64'))).pages[0].text;
    expect(text).toContain('Returns Desk');
    expect(text).toContain('1 Dock Road, Gate 4');
    expect(text).toContain('Leeds E16 1AA');
    expect((await documents(c.identifier)).body).toEqual(first.body);
    peer.consignments.set(c.identifier, { ...c, order_number: 'ORD-CHANGED' });
    const changed = await documents(c.identifier);
    expect(changed.body.labels).not.toBe(first.body.labels);
    expect((await readPdf(Buffer.from(changed.body.labels, 'base64'))).pages[0].text).toContain('ORD-CHANGED');
  });

  it('refuses requests without a valid internal token or for another company', async () => {
    const c = add(SERVICES.generic);
    const res = await fetch(`http://127.0.0.1:${svc.port}/companies/${COMPANY}/consignment/${c.identifier}/documents`);
    expect(res.status).toBe(401);
    expect((await documents(c.identifier, '', 'other-co')).status).toBe(403);
  });
});
