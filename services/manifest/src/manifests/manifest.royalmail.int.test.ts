import { randomBytes } from 'node:crypto';
import { RoyalMailDouble } from '@waybill/carrier-doubles';
import type { ManifestClaim } from '@waybill/contracts';
import { signInternalToken } from '@waybill/internal-auth';
import { InlineJobDriver, type JobDriver } from '@waybill/jobs';
import { createTestDatabase, eventually, startServiceProcess, usingRealServers, type ServiceProcess, type TestDatabase } from '@waybill/testing';
import { ClaimPeer, SECRET, logger, startService, type Running } from './manifest.fixture';

/**
 * A Royal Mail manifest behind POST /manifest: Click & Drop manifests every labelled order of the account,
 * through carrier-link (its own process, against the Royal Mail double); the claim (the consignment
 * service, faked) covers them all, the 201 lists them, and the manifest's document is Royal Mail's own
 * PDF. carrier-link's process needs the real servers, so without them (PGlite) the suite is skipped.
 */
const RM = { apiKey: 'rm-manifest-svc-key', oba: true };
const COMPANY = 'acme';
const WAREHOUSE = { identifier: 'acme|London', name: 'London', timezone: 'Europe/London', address: { company_name: 'Acme Ltd', address1: '1 Dock Road', city: 'London', postcode: 'E14 5AB', country: 'GB' } };

const describeReal = usingRealServers() ? describe : describe.skip;

describeReal('Royal Mail manifests through carrier-link', () => {
  const dbs: TestDatabase[] = [];
  let rm: RoyalMailDouble;
  let link: ServiceProcess;
  let peer: ClaimPeer;
  let svc: Running;
  let jobs: JobDriver;

  const linkApi = (path: string, body: unknown) => fetch(`${link.url}/companies/${COMPANY}${path}`, {
    method: 'POST', headers: { authorization: `Bearer ${signInternalToken(SECRET, 'carrier-link', { company: COMPANY, principal: 'token:test' })}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() as any }));

  beforeAll(async () => {
    rm = new RoyalMailDouble([RM]);
    await rm.start();
    dbs.push(await createTestDatabase(), await createTestDatabase());
    link = await startServiceProcess('carrier-link', {
      DATABASE_URL: dbs[0].url!, INTERNAL_JWT_SECRET: SECRET, DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PUBLIC_BASE_URL: 'https://waybill.example.com', CARRIER_BASE_URL_ROYALMAIL: rm.url,
    });
    await linkApi('/carrier-accounts', { carrier: 'royalmail', name: 'RM', credentials: { api_key: RM.apiKey } });
    peer = new ClaimPeer();
    await peer.start();
    jobs = new InlineJobDriver({ logger });
    svc = await startService(dbs[1], peer, jobs, {}, { 'carrier-link': link.url });
  });
  afterAll(async () => {
    await svc?.svc.stop();
    await jobs?.close();
    await peer?.stop();
    await link?.stop();
    for (const d of dbs) await d.drop();
    await rm?.stop();
  });
  afterEach(() => expect(rm.violations).toEqual([]));

  it('manifests every labelled Royal Mail consignment, lists them in the 201 and serves Royal Mail\'s PDF', async () => {
    const booked: Array<{ identifier: string; number: string }> = [];
    for (const service of ['Royal Mail Tracked 24', 'Royal Mail Tracked 48']) {
      const identifier = randomBytes(16).toString('hex');
      const res = await linkApi('/carrier-bookings', {
        consignment_identifier: identifier, carrier: 'royalmail', request: {
          orderNumber: `ORD-${booked.length}`, serviceName: service, options: {}, origin: WAREHOUSE.address,
          destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
          parcels: [{ weightKg: 1, lengthCm: null, widthCm: null, heightCm: null }], destinationContact: { phone: '07700 900123' },
        },
      });
      booked.push({ identifier, number: res.body.consignment_number });
    }
    // The consignment service claims every labelled Royal Mail consignment of the account, named or not.
    peer.claimOf = (id): ManifestClaim => ({
      manifest_id: id, scope: 'account', carrier: { identifier: 'royalmail', name: 'Royal Mail' }, warehouse: WAREHOUSE,
      consignments: booked.map((b, i) => ({
        identifier: b.identifier, order_number: `ORD-${i}`, consignment_number: b.number, tracking_numbers: [b.number],
        recipient: { postcode: 'SW1A 2AA', country: 'GB' }, package_count: 1, weight_kg: 1,
      })),
    });
    const created = await svc.call('POST', '/manifest', { consignment_ids: [booked[0].identifier], carrier_id: 'royalmail', warehouse_id: WAREHOUSE.identifier });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ identifier: expect.stringMatching(/^[0-9a-f]{32}$/), consignment_ids: booked.map((b) => b.identifier) });
    const docs = await eventually(async () => {
      const res = await svc.call('GET', `/manifest/${created.body.identifier}/documents`);
      return res.status === 200 ? res : undefined;
    }, { timeoutMs: 20_000, what: 'the manifest document' });
    const made = [...rm.state.manifests.values()].filter((m) => m.apiKey === RM.apiKey);
    expect(made).toHaveLength(1);
    expect(made[0].orders).toHaveLength(2);
    expect(docs.body.documents).toBe(made[0].pdf);
  });
});
