import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { RoyalMailDouble, UpsDouble } from '@waybill/carrier-doubles';
import type { RunningService } from '@waybill/http';
import { signInternalToken } from '@waybill/internal-auth';
import { InlineJobDriver } from '@waybill/jobs';
import { createLogger } from '@waybill/logger';
import { InProcessEventBus } from '@waybill/messaging';
import { createTestDatabase, readPdf, startServiceProcess, usingRealServers, type ServiceProcess, type TestDatabase } from '@waybill/testing';
import { openDocumentsAdmin } from './admin';
import { startDocumentsService } from './service';
import type { ConsignmentView } from './documents/consignment.view';
import { FakeConsignmentPeer } from './test-support/fake-consignment-peer';
import { sampleConsignment } from './test-support/sample-consignment';

/**
 * Documents of consignments booked at real carriers: the labels are the carrier's own, stored by
 * carrier-link (its own process, against the UPS and Royal Mail doubles) at booking, and served from
 * there in every document type and size, while the carrier is down too, without booking again.
 * carrier-link's process needs the real servers, so without them (PGlite) the suite is skipped.
 */
const SECRET = 'documents-real-carriers-secret';
const COMPANY = `co-${randomBytes(4).toString('hex')}`;
const UPS = { clientId: 'ups-docs-client-01', clientSecret: 'ups-docs-secret-WXYZ', accountNumber: 'D0C5A1' };
const RM = { apiKey: 'rm-docs-key-0001', oba: true };
const LONDON = { identifier: `${COMPANY}|London`, name: 'London', is_default: true, address: { company_name: 'Acme Ltd', address1: '1 Dock Road', city: 'London', postcode: 'E16 1AA', country: 'GB' } };

const describeReal = usingRealServers() ? describe : describe.skip;

describeReal('documents of real-carrier consignments (carrier-link its own process, the consignment service faked)', () => {
  const logger = createLogger('test', { level: 'silent' });
  let dbs: TestDatabase[];
  let link: ServiceProcess;
  let docs: RunningService;
  let peer: FakeConsignmentPeer;
  let ups: UpsDouble;
  let rm: RoyalMailDouble;
  let jobs: InlineJobDriver;
  const bus = new InProcessEventBus({ logger });

  const linkApi = (method: 'POST', path: string, body: unknown) => fetch(`${link.url}/companies/${COMPANY}${path}`, {
    method, headers: { authorization: `Bearer ${signInternalToken(SECRET, 'carrier-link', { company: COMPANY, principal: 'token:test' })}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() as any }));

  beforeAll(async () => {
    ups = new UpsDouble({ clients: [UPS] });
    rm = new RoyalMailDouble([RM]);
    await Promise.all([ups.start(), rm.start()]);
    dbs = await Promise.all([createTestDatabase(), createTestDatabase()]);
    jobs = new InlineJobDriver({ logger });
    link = await startServiceProcess('carrier-link', {
      DATABASE_URL: dbs[0].url!, INTERNAL_JWT_SECRET: SECRET, DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL: 'https://waybill.example.com', CARRIER_BASE_URL_UPS: ups.url, CARRIER_BASE_URL_ROYALMAIL: rm.url, CARRIER_TIMEOUT_MS: '5000',
    });
    peer = new FakeConsignmentPeer(SECRET);
    const peerUrl = await peer.start();
    peer.warehouses = [LONDON];
    docs = await startDocumentsService({
      db: dbs[1].target, bus, jobs, logger, internalJwtSecret: SECRET, defaultPublicUrl: 'http://localhost:8080',
      peers: { consignment: peerUrl, 'carrier-link': link.url }, port: 0, host: '127.0.0.1',
    });
    const admin = await openDocumentsAdmin(dbs[1].target);
    await admin.configureCompany(COMPANY, { labelSizes: ['4x6', '8x4', 'A6'], invoiceSize: 'A4', concatenateInvoices: false });
    await admin.close();
    await linkApi('POST', '/carrier-accounts', { carrier: 'ups', name: 'UPS', credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber } });
    await linkApi('POST', '/carrier-accounts', { carrier: 'royalmail', name: 'RM', credentials: { api_key: RM.apiKey } });
  });
  afterAll(async () => {
    await docs?.stop();
    await link?.stop();
    await peer?.stop();
    await jobs?.close();
    await bus.close();
    await Promise.all((dbs ?? []).map((d) => d.drop()));
    await Promise.all([ups?.stop(), rm?.stop()]);
  });
  afterEach(() => {
    ups.clearFaults();
    rm.clearFaults();
    expect([...ups.violations, ...rm.violations]).toEqual([]);
  });

  /** Books as the consignment service does, and lets the fake consignment service answer it as Allocated. */
  async function booked(carrier: string, serviceId: string): Promise<ConsignmentView> {
    const identifier = randomBytes(16).toString('hex');
    const res = await linkApi('POST', '/carrier-bookings', {
      consignment_identifier: identifier, carrier, request: {
        orderNumber: 'ORD-1', serviceName: serviceId.split('|')[1], options: {},
        origin: LONDON.address, destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
        parcels: [{ weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10 }, { weightKg: 1, lengthCm: null, widthCm: null, heightCm: null }],
        destinationContact: { phone: '07700 900123' },
      },
    });
    if (res.status !== 201) throw new Error(`booking: ${JSON.stringify(res.body)}`);
    const c = { ...sampleConsignment(serviceId, 2), identifier, warehouse_id: LONDON.identifier, consignment_number: res.body.consignment_number };
    peer.consignments.set(identifier, c);
    return c;
  }

  async function documents(identifier: string, query = '') {
    const token = signInternalToken(SECRET, 'documents', { company: COMPANY, principal: 'user:test' });
    const res = await fetch(`http://127.0.0.1:${docs.port}/companies/${COMPANY}/consignment/${identifier}/documents${query}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.json() as any };
  }

  it("serves UPS's stored labels as PDF, ZPL and PNG in every size while UPS is down, and never books again", async () => {
    const c = await booked('ups', 'UPS|UPS Standard');
    const ships = ups.requests.filter((r) => r.startsWith('ship ')).length;
    ups.inject({ operation: '*', kind: 'error', status: 503, times: 100 });
    for (const size of ['4x6', '8x4', 'A6']) {
      const pdf = await documents(c.identifier, `?label_size=${size}`);
      expect([pdf.status, pdf.body.label_format, pdf.body.invoices]).toEqual([200, 'application/pdf', null]);
      expect((await readPdf(Buffer.from(pdf.body.labels, 'base64'))).pages).toHaveLength(2);
    }
    const zpl = await documents(c.identifier, '?documenttype=application/x-zebra-zpl&dpi=300');
    expect(zpl.body.labels.match(/\^XA/g)).toHaveLength(2);
    const png = await documents(c.identifier, '?documenttype=image/png&label_quantity=2');
    expect(Object.keys(unzipSync(Buffer.from(png.body.labels, 'base64')))).toHaveLength(4);
    expect(ups.requests.filter((r) => r.startsWith('ship ')).length).toBe(ships);
    expect(peer.consignments.get(c.identifier)!.current_status.status).toBe('Printed');
  });

  it("serves Royal Mail's PDF labels placed on the requested page, as PNG and as a ZPL graphic", async () => {
    const c = await booked('royalmail', 'Royal Mail|Royal Mail Tracked 24');
    const pdf = await documents(c.identifier, '?label_size=A6');
    expect((await readPdf(Buffer.from(pdf.body.labels, 'base64'))).pages).toHaveLength(2);
    const pngs = await documents(c.identifier, '?documenttype=image/x-png-list');
    expect(pngs.body.labels).toHaveLength(2);
    const zpl = await documents(c.identifier, '?documenttype=application/x-zebra-zpl');
    expect(zpl.body.labels.match(/\^GF/g)).toHaveLength(2);
  });

  it('refuses a real-carrier consignment carrier-link never booked (409), and does not mark it printed', async () => {
    const c = { ...sampleConsignment('UPS|UPS Standard', 1), identifier: randomBytes(16).toString('hex'), warehouse_id: LONDON.identifier };
    peer.consignments.set(c.identifier, c);
    const res = await documents(c.identifier);
    expect(res.status).toBe(409);
    expect(peer.consignments.get(c.identifier)!.current_status.status).toBe('Allocated');
  });
});
