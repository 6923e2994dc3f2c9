import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CarrierRejection, type BookingRequest } from '@waybill/carrier-model';
import { CarrierLinkClient } from './carrier-link.client';
import { LinkedCarrier } from './linked-carrier';
import { LinkedCarriers } from './linked-carriers';

/**
 * How carrier-link's answers become the Carrier interface's outcomes, against a stand-in for carrier-link
 * over real HTTP: a refusal is a CarrierRejection, a call that may have reached the carrier is one whose
 * outcome is unknown, and nothing is invented when carrier-link does not answer.
 */
const SECRET = 'linked-carrier-test-secret';
const UPS = {
  identifier: 'ups', name: 'UPS', account: 'acc_1', sole_account: true,
  capabilities: { supports: ['book', 'void', 'manifest', 'tracking_push', 'tracking_poll'], zpl_native: true, per_package_tracking: true, options: [], manifest_scope: 'listed' as const },
  services: [
    { identifier: 'UPS|UPS Ground', name: 'UPS Ground', code: '03', origins: ['US'], destinations: ['US'], max_parcel_weight_kg: 70 },
    { identifier: 'UPS|UPS Standard', name: 'UPS Standard', code: '11', origins: ['GB', 'DE'], destinations: ['GB', 'DE'], max_parcel_weight_kg: 70 },
  ],
};
const request = { company: 'acme', consignmentIdentifier: 'c1', orderNumber: 'O1', serviceName: 'UPS Standard' } as BookingRequest;

describe('LinkedCarrier (carrier-link stood in for over HTTP)', () => {
  let server: Server;
  let answer: { status: number; body?: unknown } = { status: 200 };
  const seen: string[] = [];
  let peers: Record<string, string>;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    peers = { 'carrier-link': `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });
  afterAll(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  const carrier = () => new LinkedCarrier(new CarrierLinkClient(peers, SECRET, 'test'), 'acme', UPS);
  const rejection = (p: Promise<unknown>) => p.then(() => undefined, (err: unknown) => err);

  it('describes the carrier from account-carriers and picks the first service declared for the route', () => {
    const ups = carrier();
    expect([ups.identifier, ups.name, ups.capabilities.zplNative, ups.capabilities.manifestScope]).toEqual(['ups', 'UPS', true, 'listed']);
    expect([ups.account, ups.soleAccount]).toEqual(['acc_1', true]);
    expect(ups.capabilities.supports).toEqual(['book', 'void', 'manifest', 'tracking_push', 'tracking_poll']);
    // A carrier-link older than capabilities describes none: the carrier does what every carrier did then.
    const older = new LinkedCarrier(new CarrierLinkClient(peers, SECRET, 'test'), 'acme', { ...UPS, capabilities: { ...UPS.capabilities, supports: undefined } });
    expect(older.capabilities.supports).toEqual(['book', 'void', 'manifest']);
    expect(ups.defaultService({ address1: 'a', city: 'b', postcode: 'c', country: 'gb' }, { address1: 'a', city: 'b', postcode: 'c', country: 'DE' }).name).toBe('UPS Standard');
  });

  it("maps a booking's answers: numbers, a refusal, an unknown outcome, carrier-link's own 400, and no answer at all", async () => {
    answer = { status: 201, body: { booked: true, consignment_number: '1Z1', tracking_numbers: ['1Z1'], tracking_url: 'https://t/1Z1', account: 'acc_1' } };
    expect(await carrier().book(request)).toEqual({ consignmentNumber: '1Z1', trackingNumbers: ['1Z1'], trackingUrl: 'https://t/1Z1', appliedOptions: {}, account: 'acc_1' });
    expect(seen.at(-1)).toBe('POST /companies/acme/carrier-bookings');

    answer = { status: 422, body: { booked: false, rejection_reason: 'UPS 120802: Address Validation Error', outcome_unknown: false } };
    let err = await rejection(carrier().book(request)) as CarrierRejection;
    expect([err instanceof CarrierRejection, err.reason, err.outcomeUnknown]).toEqual([true, 'UPS 120802: Address Validation Error', false]);

    answer = { status: 422, body: { booked: false, rejection_reason: 'UPS timed out after 15 s', outcome_unknown: true } };
    err = await rejection(carrier().book(request)) as CarrierRejection;
    expect([err.reason, err.outcomeUnknown]).toEqual(['UPS timed out after 15 s', true]);

    answer = { status: 400, body: { detail: 'request.orderNumber: This field is required.' } };
    err = await rejection(carrier().book(request)) as CarrierRejection;
    expect([err.reason, err.outcomeUnknown]).toEqual(['request.orderNumber: This field is required.', false]);

    // carrier-link failed after it may have booked: the merchant sees a refusal, the operator an anomaly.
    answer = { status: 500, body: { detail: 'boom' } };
    err = await rejection(carrier().book(request)) as CarrierRejection;
    expect([err instanceof CarrierRejection, err.outcomeUnknown]).toEqual([true, true]);
    expect(err.reason).toMatch(/^UPS could not be reached just now \(carrier-link answered 500 to a booking\)/);
  });

  it('voids by consignment identifier and number; a booking carrier-link does not know is already gone; a refused void is thrown', async () => {
    answer = { status: 200, body: { cancelled: true } };
    await carrier().cancel('1Z9', { consignmentIdentifier: 'c9' });
    expect(seen.at(-1)).toBe('DELETE /companies/acme/carrier-bookings/c9?consignment_number=1Z9');
    answer = { status: 404, body: { detail: 'Not found.' } };
    await expect(carrier().cancel('1Z9', { consignmentIdentifier: 'c9' })).resolves.toBeUndefined();
    answer = { status: 422, body: { cancelled: false, rejection_reason: 'UPS 190117: Void period has expired' } };
    const err = await rejection(carrier().cancel('1Z9', { consignmentIdentifier: 'c9' })) as CarrierRejection;
    expect([err instanceof CarrierRejection, err.reason]).toEqual([true, 'UPS 190117: Void period has expired']);
    await expect(carrier().cancel('1Z9')).rejects.toThrow('needs its consignment identifier');
  });

  it("answers a manifest with the carrier's document and scope; an unknown outcome is transient, a refusal is not", async () => {
    answer = { status: 201, body: { manifested: true, reference: 'RM-7', scope: 'account', document: Buffer.from('%PDF-1.4').toString('base64') } };
    const m = await carrier().manifest({ company: 'acme', manifestId: 'm'.repeat(32), origin: request.origin, collectionDate: '2030-01-02', consignments: [] });
    expect([m.reference, m.scope, m.document?.toString()]).toEqual(['RM-7', 'account', '%PDF-1.4']);
    answer = { status: 422, body: { manifested: false, rejection_reason: 'Royal Mail timed out after 15 s', outcome_unknown: true } };
    const transient = await rejection(carrier().manifest({ company: 'acme', manifestId: 'm'.repeat(32), origin: request.origin, collectionDate: '2030-01-02', consignments: [] }));
    expect([transient instanceof CarrierRejection, (transient as Error).message]).toEqual([false, 'Royal Mail timed out after 15 s']);
    answer = { status: 422, body: { manifested: false, rejection_reason: 'Royal Mail NoEligibleOrders: nothing to manifest', outcome_unknown: false } };
    const refused = await rejection(carrier().manifest({ company: 'acme', manifestId: 'm'.repeat(32), origin: request.origin, collectionDate: '2030-01-02', consignments: [] }));
    expect(refused instanceof CarrierRejection).toBe(true);
  });

  it("lists a company's carriers, keeps the last list while carrier-link is down, and has none without carrier-link", async () => {
    const linked = new LinkedCarriers(new CarrierLinkClient(peers, SECRET, 'test'));
    answer = { status: 200, body: [UPS] };
    expect((await linked.forCompany('acme')).carriers.map((c) => c.name)).toEqual(['UPS']);
    answer = { status: 503, body: { detail: 'down' } };
    expect(await linked.forCompany('acme')).toMatchObject({ carriers: [expect.objectContaining({ name: 'UPS' })], unavailable: false });
    expect(await linked.forCompany('other')).toEqual({ carriers: [], unavailable: true });
    expect(await new LinkedCarriers(new CarrierLinkClient({}, SECRET, 'test')).forCompany('acme')).toEqual({ carriers: [], unavailable: false });
  });

  it('asks a booking again while carrier-link restarts (connections refused), and answers what it booked once back', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const asked: string[] = [];
    const back = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ booked: true, consignment_number: 'GCN1', tracking_numbers: ['GC1'], tracking_url: 'https://t/GC1' }));
    });
    // Down for a moment, then up on the same address.
    const up = new Promise<void>((resolve) => setTimeout(() => back.listen(port, '127.0.0.1', () => resolve()), 400));
    try {
      const linked = new LinkedCarrier(new CarrierLinkClient({ 'carrier-link': `http://127.0.0.1:${port}` }, SECRET, 'test'), 'acme', UPS);
      expect((await linked.book(request)).consignmentNumber).toBe('GCN1');
      expect(asked).toEqual(['POST /companies/acme/carrier-bookings']);
    } finally {
      await up;
      back.closeAllConnections();
      await new Promise<void>((resolve) => back.close(() => resolve()));
    }
  });
});
