import request from 'supertest';
import { sql } from 'kysely';
import { EventType } from '@waybill/contracts';
import { newEnvelope, type EventBus, type EventEnvelope, type Subscription } from '@waybill/messaging';
import { createTestBus, eventually } from '@waybill/testing';
import { consumerDeps, type Harness } from '../test-support';
import { LONDON, bearer, claim, claimHarness, createConsignments, parcel } from '../manifests/manifest-claim.fixture';
import { startManifestFailedConsumer } from './manifest-failed.consumer';

const manifestId = () => [...Array(32)].map(() => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');

describe('manifest failed consumer (integration)', () => {
  let h: Harness;
  let bus: EventBus;
  let sub: Subscription;

  beforeAll(async () => {
    h = await claimHarness();
    bus = await createTestBus();
    sub = await startManifestFailedConsumer(consumerDeps(h, bus));
  });
  afterAll(async () => {
    await sub?.cancel();
    await bus?.close();
    await h?.close();
  });

  const get = (id: string) => request(h.app).get(`/companies/acme/consignment/${id}`).set('authorization', bearer('acme', 'token:1'));
  const status = async (id: string) => (await get(id)).body.current_status.status;
  const history = async (id: string) => (await request(h.app).get(`/companies/acme/consignment/${id}/history`).set('authorization', bearer('acme', 'token:1'))).body;
  const statusChanges = async (id: string) => (await sql<{ payload: EventEnvelope }>`select payload from consignment.outbox where type = 'consignment.consignment.status_changed' order by seq`.execute(h.database.db)).rows
    .map((r) => r.payload.data as { consignment: { identifier: string }; from: string; to: string }).filter((d) => d.consignment.identifier === id);

  /** Manifests the consignments (as the manifest service would), returning the manifest id. */
  async function manifested(ids: string[]): Promise<string> {
    const m = manifestId();
    const res = await claim(h.app, 'acme', { manifest_id: m, carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: ids });
    expect(res.status).toBe(200);
    return m;
  }

  /** Publishes manifest.manifest.failed and waits until the consumer has taken it (its inbox row exists). */
  async function fail(m: string, carrierReference: string | null, company = 'acme'): Promise<EventEnvelope> {
    const event = newEnvelope(EventType.ManifestFailed, company, { manifest_id: m, reason: 'Generic Carrier refused the manifest: embargo.', carrier_reference: carrierReference });
    await bus.publish(event);
    await eventually(async () => (await sql<{ n: number }>`select count(*)::int as n from consignment.inbox where event_id = ${event.id}`.execute(h.database.db)).rows[0].n === 1, { what: 'manifest failure consumed' });
    return event;
  }

  it('releases the consignments of a manifest the carrier refused to the status each had, announcing it', async () => {
    const [allocated, printed] = await createConsignments(h.app, 'acme', [parcel(), parcel()]);
    await h.database.db.updateTable('consignments').set({ status: 'Printed' }).where('identifier', '=', printed).execute();
    await h.database.db.insertInto('status_history').values({ identifier: printed, status: 'Printed', reason: null }).execute();
    const m = await manifested([allocated, printed]);

    await fail(m, null);
    expect(await status(allocated)).toBe('Allocated');
    expect(await status(printed)).toBe('Printed');
    expect((await history(allocated)).at(-1)).toMatchObject({ status: 'Allocated', reason: `manifest ${m} failed: Generic Carrier refused the manifest: embargo.` });
    expect((await statusChanges(allocated)).map((d) => [d.from, d.to])).toEqual([['Allocated', 'Manifested'], ['Manifested', 'Allocated']]);
    expect((await statusChanges(printed)).map((d) => [d.from, d.to]).at(-1)).toEqual(['Manifested', 'Printed']);
  });

  it('lets released consignments be manifested again, changed and cancelled', async () => {
    const [again, changed, cancelled] = await createConsignments(h.app, 'acme', [parcel(), parcel(), parcel()]);
    await fail(await manifested([again, changed, cancelled]), null);

    expect((await claim(h.app, 'acme', { manifest_id: manifestId(), carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: [again] })).status).toBe(200);
    expect(await status(again)).toBe('Manifested');
    const current = (await get(changed)).body;
    const put = await request(h.app).put(`/companies/acme/consignment/${changed}`).set('authorization', bearer('acme', 'token:1')).send({ ...current, order_number: 'CHANGED-1' });
    expect(put.status).toBe(200);
    const del = await request(h.app).delete(`/companies/acme/consignment/${cancelled}`).set('authorization', bearer('acme', 'token:1'));
    expect(del.status).toBeLessThan(300);
    expect(await status(cancelled)).toBe('Cancelled');
  });

  it('keeps the consignments Manifested when the carrier had accepted the manifest, and changes nothing twice', async () => {
    const [kept, released] = await createConsignments(h.app, 'acme', [parcel(), parcel()]);
    await fail(await manifested([kept]), 'GENM0001');
    expect(await status(kept)).toBe('Manifested');

    const m = await manifested([released]);
    const event = await fail(m, null);
    await bus.publish(event);
    await fail(m, null);
    await fail(m, null, 'other');
    expect(await status(released)).toBe('Allocated');
    expect((await statusChanges(released)).map((d) => d.to)).toEqual(['Manifested', 'Allocated']);
  });
});
