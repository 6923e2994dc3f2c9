import request from 'supertest';
import { sql } from 'kysely';
import { signInternalToken } from '@waybill/internal-auth';
import { startHarness, SECRET, type Harness } from '../test-support';

const body = (extra: Record<string, unknown> = {}) => ({
  order_number: 'INT-1',
  recipient: { name: 'Ada', address: { address1: '1 A St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' } },
  packages: [{ weight: 1 }],
  ...extra,
});

describe('consignment service (integration)', () => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(); });
  afterAll(async () => h.close());

  const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from consignment.consignments`.execute(h.database.db)).rows[0].n);
  const outboxCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from consignment.outbox`.execute(h.database.db)).rows[0].n);

  it('refuses requests without a valid internal token, and tokens for another company', async () => {
    expect((await request(h.app).get('/companies/acme/consignments')).status).toBe(401);
    const res = await request(h.app).get('/companies/acme/consignments').set('authorization', h.auth('other'));
    expect(res.status).toBe(403);
  });

  it('writes the consignment and its events in one transaction', async () => {
    const before = await outboxCount();
    const res = await request(h.app).post('/companies/acme/consignments').set('authorization', h.auth()).send([body({ carrier: 'generic' })]);
    expect(res.status).toBe(200);
    expect(res.body.success).toHaveLength(1);
    const types = (await sql<{ type: string }>`select type from consignment.outbox order by created_at`.execute(h.database.db)).rows.map((r) => r.type);
    expect(await outboxCount()).toBe(before + 2);
    expect(types.slice(-2)).toEqual(['consignment.consignment.created', 'consignment.consignment.allocated']);
  });

  it('leaves no partial consignment when a write fails midway, and answers 500 with a request id', async () => {
    const before = await count();
    await sql`alter table consignment.outbox rename to outbox_away`.execute(h.database.db);
    try {
      const res = await request(h.app).post('/companies/acme/consignments').set('authorization', h.auth()).send([body(), body({ carrier: 'generic' })]);
      expect(res.status).toBe(500);
      expect(res.body.request_id).toEqual(expect.any(String));
      expect(JSON.stringify(res.body)).not.toMatch(/outbox|stack|at /);
    } finally {
      await sql`alter table consignment.outbox_away rename to outbox`.execute(h.database.db);
    }
    expect(await count()).toBe(before);
  });

  it('leaves no consignment and no status behind when its events are refused after the rows went in', async () => {
    const before = await count();
    const histories = async () => Number((await sql<{ n: string }>`select count(*) as n from consignment.status_history`.execute(h.database.db)).rows[0].n);
    const historyBefore = await histories();
    // Checked row by row as the events go in, after the consignments and their statuses were written.
    await sql`alter table consignment.outbox add constraint refuse_events check (type = 'none') not valid`.execute(h.database.db);
    try {
      const res = await request(h.app).post('/companies/acme/consignments').set('authorization', h.auth()).send([body(), body()]);
      expect(res.status).toBe(500);
    } finally {
      await sql`alter table consignment.outbox drop constraint refuse_events`.execute(h.database.db);
    }
    expect([await count(), await histories()]).toEqual([before, historyBefore]);
  });

  it('leaves an update untouched when its write fails midway', async () => {
    const created = await request(h.app).post('/companies/acme/consignments').set('authorization', h.auth()).send([body()]);
    const id = created.body.success[0];
    const original = (await request(h.app).get(`/companies/acme/consignment/${id}`).set('authorization', h.auth())).body;
    await sql`alter table consignment.outbox rename to outbox_away`.execute(h.database.db);
    try {
      const res = await request(h.app).put(`/companies/acme/consignment/${id}`).set('authorization', h.auth()).send({ ...original, order_number: 'CHANGED', carrier: 'generic' });
      expect(res.status).toBe(500);
    } finally {
      await sql`alter table consignment.outbox_away rename to outbox`.execute(h.database.db);
    }
    const after = (await request(h.app).get(`/companies/acme/consignment/${id}`).set('authorization', h.auth())).body;
    expect(after).toEqual(original);
  });

  it('does not show one company consignments to another', async () => {
    const created = await request(h.app).post('/companies/acme/consignments').set('authorization', h.auth()).send([body()]);
    const id = created.body.success[0];
    const other = `Bearer ${signInternalToken(SECRET, 'consignment', { company: 'globex-co', principal: 't' })}`;
    expect((await request(h.app).get(`/companies/globex-co/consignment/${id}`).set('authorization', other)).status).toBe(404);
    expect((await request(h.app).delete(`/companies/globex-co/consignment/${id}`).set('authorization', other)).status).toBe(404);
    const list = await request(h.app).get('/companies/globex-co/consignments').set('authorization', other);
    expect(list.body.count).toBe(0);
  });

  it('records the status history of a consignment', async () => {
    const created = await request(h.app).post('/companies/acme/consignments').set('authorization', h.auth()).send([body({ carrier: 'generic' })]);
    const id = created.body.success[0];
    await request(h.app).delete(`/companies/acme/consignment/${id}`).set('authorization', h.auth());
    const history = await request(h.app).get(`/companies/acme/consignment/${id}/history`).set('authorization', h.auth());
    expect(history.body.map((x: { status: string }) => x.status)).toEqual(['Allocated', 'Cancelled']);
  });
});
