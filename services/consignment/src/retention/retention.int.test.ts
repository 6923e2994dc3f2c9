import request from 'supertest';
import { sql } from 'kysely';
import { createLogger } from '@waybill/logger';
import type { Harness } from '../test-support';
import { bearer, claimHarness, createConsignments } from '../manifests/manifest-claim.fixture';
import { createTestJobs, eventually } from '@waybill/testing';
import { startRetentionSweep, sweepDue } from './retention.sweep';

const recipient = {
  name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', company_name: 'Analytical Engines Ltd', email_address: 'ada@example.com',
  contact_number: '+44 20 7946 0000', tax_identifier: 'GB123456789', eori_number: 'GB123456789000',
  address: { address1: '10 Downing Street', address2: 'Flat 2', address3: 'Westminster', city: 'London', state: 'Greater London', postcode: 'SW1A 2AA', country: 'GB' },
};
const order = () => ({
  order_number: `RET-${Math.random().toString(36).slice(2, 8)}`, service_id: 'Generic Carrier|Generic Domestic Service GDOM',
  recipient, delivery_instructions: 'Leave with Mr Smith at number 12', packages: [{ weight: 1 }],
});
const PERSONAL = /Ada|Lovelace|Analytical|ada@example|7946|GB123456789|Downing|Flat 2|Westminster|Smith|2AA/;

/** docs/api/retention.md: a company's retention period, a data subject's erasure and the sweep. */
describe('retention and erasure (consignment service)', () => {
  let h: Harness;
  beforeAll(async () => { h = await claimHarness(); });
  afterAll(() => h.close());

  const as = (company: string) => bearer(company, 'token:1');
  const get = (path: string, company = 'acme') => request(h.app).get(`/companies/${company}${path}`).set('authorization', as(company));
  const put = (body: unknown, company = 'acme') => request(h.app).put(`/companies/${company}/retention`).set('authorization', as(company)).send(body as object);
  const erase = (id: string, company = 'acme') => request(h.app).post(`/companies/${company}/consignment/${id}/erase`).set('authorization', as(company));
  const erasedEvents = async (identifier: string) => (await sql<{ payload: { data: Record<string, unknown> } }>`select payload from consignment.outbox
    where type = 'consignment.consignment.erased'`.execute(h.database.db)).rows.filter((e) => JSON.stringify(e.payload).includes(identifier));

  it('keeps personal data 365 days until a PUT sets 30 to 3650, per company; a bad value is a 400 naming the field', async () => {
    expect((await get('/retention')).body).toEqual({ personal_data_days: 365 });
    expect((await put({ personal_data_days: 30 })).body).toEqual({ personal_data_days: 30 });
    expect((await get('/retention')).body).toEqual({ personal_data_days: 30 });
    expect((await get('/retention', 'other')).body).toEqual({ personal_data_days: 365 });
    for (const bad of [{ personal_data_days: 29 }, { personal_data_days: 3651 }, { personal_data_days: 90.5 }, { personal_data_days: 'x' }, {}, { personal_data_days: 90, extra: 1 }] as Array<Record<string, unknown>>) {
      const res = await put(bad);
      expect(res.status).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
      expect(res.body.detail).toMatch('extra' in bad ? /^extra/ : /^personal_data_days/);
    }
    expect((await get('/retention')).body).toEqual({ personal_data_days: 30 });
    expect((await request(h.app).delete('/companies/acme/retention').set('authorization', as('acme'))).status).toBe(405);
  });

  it('erases a consignment\'s recipient at once, keeping town, postcode district and country; again answers the same', async () => {
    const [id] = await createConsignments(h.app, 'acme', [order()]);
    expect((await get(`/consignment/${id}`)).body.erased).toBe(false);
    const res = await erase(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      identifier: id, erased: true, delivery_instructions: null,
      recipient: {
        name: '(erased)', first_name: null, last_name: null, company_name: null, email_address: null, contact_number: null, tax_identifier: null, eori_number: null,
        address: { address1: '(erased)', address2: null, address3: null, city: 'London', postcode: 'SW1A', country: 'GB' },
      },
    });
    expect(JSON.stringify(res.body)).not.toMatch(PERSONAL);
    expect((await get(`/consignment/${id}`)).body).toEqual(res.body);
    expect((await erase(id)).body).toEqual(res.body);
    const events = await erasedEvents(id);
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0].payload)).not.toMatch(PERSONAL);
    expect(events[0].payload.data).toMatchObject({ identifier: id, reason: 'request', tracking_numbers: [expect.any(String)] });
  });

  it('answers 404 for a consignment that is not the company\'s, and refuses a change to an erased one', async () => {
    const [id] = await createConsignments(h.app, 'acme', [order()]);
    expect((await erase(id, 'other')).status).toBe(404);
    expect((await erase('no-such-consignment')).status).toBe(404);
    const erased = (await erase(id)).body;
    const changed = await request(h.app).put(`/companies/acme/consignment/${id}`).set('authorization', as('acme')).send({ ...order(), order_number: erased.order_number });
    expect(changed.status).toBe(409);
    expect(changed.body.detail).toMatch(/erased/);
    expect((await get(`/consignment/${id}`)).body).toEqual(erased);
  });

  it('sweeps consignments past their company\'s period in batches, once, and leaves the others', async () => {
    await put({ personal_data_days: 30 });
    const due = await createConsignments(h.app, 'acme', [order(), order(), order()]);
    const [recent] = await createConsignments(h.app, 'acme', [order()]);
    const [otherCompany] = await createConsignments(h.app, 'other', [{ ...order(), service_id: 'Generic Carrier|Generic Domestic Service GDOM' }]);
    await h.database.db.updateTable('consignments').set({ updated_at: sql<string>`now() - interval '31 days'` })
      .where('identifier', 'in', [...due, otherCompany]).execute();
    const deps = { db: h.database.db, logger: createLogger('test', { level: 'silent' }), afterCommit: () => undefined };
    expect(await sweepDue(deps, new Date(), 2)).toBe(3);
    for (const id of due) {
      const c = (await get(`/consignment/${id}`)).body;
      expect(c).toMatchObject({ erased: true, recipient: { name: '(erased)', address: { city: 'London', postcode: 'SW1A' } } });
      expect((await erasedEvents(id))[0]?.payload).toMatchObject({ data: { reason: 'retention' } });
    }
    expect((await get(`/consignment/${recent}`)).body).toMatchObject({ erased: false, recipient: { name: 'Ada Lovelace' } });
    expect((await get(`/consignment/${otherCompany}`, 'other')).body).toMatchObject({ erased: false, recipient: { name: 'Ada Lovelace' } });
    expect(await sweepDue(deps)).toBe(0);
  });

  it('runs as a scheduled job on the job driver (BullMQ or inline) as soon as the service starts', async () => {
    const [id] = await createConsignments(h.app, 'acme', [order()]);
    await h.database.db.updateTable('consignments').set({ updated_at: sql<string>`now() - interval '400 days'` }).where('identifier', '=', id).execute();
    const jobs = createTestJobs();
    try {
      await startRetentionSweep({ db: h.database.db, logger: createLogger('test', { level: 'silent' }), afterCommit: () => undefined }, jobs);
      await eventually(async () => (await get(`/consignment/${id}`)).body.erased === true, { timeoutMs: 20_000, what: 'the sweep job' });
    } finally {
      await jobs.close();
    }
  });
});
