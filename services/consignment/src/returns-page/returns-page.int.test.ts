import request from 'supertest';
import { RETURNABLE_ITEMS as items, RETURNING_RECIPIENT as recipient } from '@waybill/testing';
import { SECRET, startHarness, type Harness } from '../test-support';
import { loadPolicy } from '../returns/returns-policy.repository';
import { matchOrder, normalisePostcode, policyAllows } from './returns-page.match';
import { pageKey, signToken } from './returns-page.token';

/** The returns page's matching on a real database (docs/api/returns.md#the-self-service-returns-page). */
describe('returns page matching', () => {
  let h: Harness;
  const api = (method: 'get' | 'post' | 'put', path: string) => request(h.app)[method](`/companies/acme${path}`).set('authorization', h.auth());
  const policy = {
    enabled: true, window_days: 30, reasons: [{ code: 'too_small', label: 'Too small' }], warehouse_id: null,
    service_id: 'Generic Carrier|Generic Returns GRTN', countries: ['GB'], instructions: 'Use the original box.',
  };
  const now = () => new Date();

  beforeAll(async () => {
    h = await startHarness('acme');
    expect((await api('put', '/returns-policy').send(policy)).status).toBe(200);
  });
  afterAll(async () => h?.close());

  async function outbound(order: string, status: 'Allocated' | 'Despatched' | 'Delivered', to: Record<string, unknown> = recipient, daysAgo = 1): Promise<string> {
    const res = await api('post', '/consignments').send([{ order_number: order, recipient: to, service_id: 'Generic Carrier|Generic Domestic Service GDOM', packages: [{ weight: 1, items }] }]);
    const id = res.body.success[0] as string;
    await h.database.db.updateTable('consignments').set({ status, tracked_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString() })
      .where('identifier', '=', id).execute();
    return id;
  }
  const match = async (order: string, postcode: string) => (await matchOrder(h.database.db, 'acme', order, postcode, await loadPolicy(h.database.db, 'acme'), now()))?.identifier;

  it('normalises postcodes: case and spaces do not matter', () => {
    expect(['m1 1aa', ' M11AA ', 'M1\t1AA'].map(normalisePostcode)).toEqual(['M11AA', 'M11AA', 'M11AA']);
  });

  it('matches a delivered or despatched outbound by order number and postcode, written as people write them', async () => {
    const delivered = await outbound('P-1', 'Delivered');
    const despatched = await outbound('P-2', 'Despatched');
    expect([await match('P-1', 'm1 1aa'), await match(' P-2 ', 'M11AA')]).toEqual([delivered, despatched]);
  });

  it('matches nothing for a wrong postcode, an empty one, an unknown order, an order not yet despatched, outside the window or the countries', async () => {
    await outbound('P-3', 'Allocated');
    await outbound('P-4', 'Delivered', recipient, 31);
    await outbound('P-5', 'Delivered', { ...recipient, address: { ...recipient.address, country: 'FR', postcode: '75001' } });
    expect([await match('P-1', 'M1 1AB'), await match('P-1', ''), await match('NOPE', 'M1 1AA'), await match('P-3', 'M1 1AA'),
      await match('P-4', 'M1 1AA'), await match('P-5', '75001')]).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it('matches nothing when the policy is off', async () => {
    const row = await h.database.db.selectFrom('consignments').selectAll().where('order_number', '=', 'P-1').executeTakeFirstOrThrow();
    expect(policyAllows({ ...policy, enabled: false }, row, now())).toBe(false);
    expect(policyAllows(policy, row, now())).toBe(true);
  });

  it('books through the page once per token and refuses the token again', async () => {
    await outbound('P-6', 'Delivered');
    const start = await request(h.app).get('/companies/acme/returns-page').set('authorization', h.auth());
    const token = /name="token" value="([^"]+)"/.exec(start.text)![1];
    const found = await request(h.app).post('/companies/acme/returns-page').set('authorization', h.auth()).type('form').send({ token, order: 'P-6', postcode: 'm1 1aa' });
    expect(found.status).toBe(200);
    const items = /name="token" value="([^"]+)"/.exec(found.text)![1];
    const confirm = () => request(h.app).post('/companies/acme/returns-page/confirm').set('authorization', h.auth()).type('form').send({ token: items, item_0: 'sku:SHIRT-M', qty_0: '1', reason_0: 'too_small' });
    const [a, b] = await Promise.all([confirm(), confirm()]);
    expect([a.status, b.status].sort()).toEqual([201, 403]);
    expect((await confirm()).status).toBe(403);
    // A line naming no item of the order, or more than is left, books nothing and keeps the form usable.
    const again = /name="token" value="([^"]+)"/.exec((await request(h.app).post('/companies/acme/returns-page').set('authorization', h.auth()).type('form').send({ token, order: 'P-6', postcode: 'M1 1AA' })).text)![1];
    const bad = (fields: Record<string, string>) => request(h.app).post('/companies/acme/returns-page/confirm').set('authorization', h.auth()).type('form').send({ token: again, ...fields });
    expect([(await bad({ item_0: 'sku:HAT', qty_0: '1', reason_0: 'too_small' })).status, (await bad({ item_0: 'sku:SHIRT-M', qty_0: '2', reason_0: 'too_small' })).status,
      (await bad({ item_0: 'sku:SHIRT-M', qty_0: '1', reason_0: 'nope' })).status, (await bad({ item_0: 'sku:SHIRT-M', qty_0: '1', reason_0: 'too_small' })).status]).toEqual([400, 400, 400, 201]);
    const id = (await h.database.db.selectFrom('consignments').select('identifier').where('order_number', '=', 'P-6').where('direction', '=', 'outbound').executeTakeFirstOrThrow()).identifier;
    // One return per items form: the double submit's and the second form's.
    expect((await api('get', `/consignment/${id}`)).body.returns).toHaveLength(2);
  });

  it('answers an expired label link 410 and one not signed by us 404, each with a page', async () => {
    const get = (token: string) => request(h.app).get(`/companies/acme/returns-page/label/${token}`).set('authorization', h.auth());
    const expired = signToken(pageKey(SECRET), { kind: 'label', company: 'acme', subject: 'x', exp: Math.floor(Date.now() / 1000) - 1 });
    const forged = signToken(pageKey('another-secret'), { kind: 'label', company: 'acme', subject: 'x', exp: Math.floor(Date.now() / 1000) + 60 });
    const [a, b] = [await get(expired), await get(forged)];
    expect([a.status, a.text.includes('This label link has expired')]).toEqual([410, true]);
    expect([b.status, b.text.includes('Label not found')]).toEqual([404, true]);
  });

  it('tells the tracking page whether a parcel may be returned through the page', async () => {
    const yes = await outbound('P-7', 'Delivered');
    const no = await outbound('P-8', 'Allocated');
    const offer = async (id: string) => (await api('get', `/returns-page/offer/${id}`)).body;
    expect([await offer(yes), await offer(no), await offer('unknown')]).toEqual([{ returnable: true }, { returnable: false }, { returnable: false }]);
  });
});
