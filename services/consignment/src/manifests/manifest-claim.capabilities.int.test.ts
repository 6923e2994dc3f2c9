import { sandboxRegistry } from '@waybill/carriers';
import type { Carrier } from '@waybill/carrier-model';
import { startHarness, type Harness } from '../test-support';
import request from 'supertest';
import { bearer, claim, createConsignments, parcel } from './manifest-claim.fixture';

/** A manifest claim consults what the carrier declares: one that takes no manifests is refused before any row is read. */
describe('manifest claims and carrier capabilities', () => {
  let h: Harness;
  beforeAll(async () => {
    const registry = sandboxRegistry();
    // SwiftPost as a carrier that does not manifest: everything else about it as it is.
    const carriers: Carrier[] = registry.carriers.map((c) => (c.identifier !== 'swiftpost' ? c : Object.assign(Object.create(c) as Carrier, {
      capabilities: { ...c.capabilities, supports: c.capabilities.supports.filter((s) => s !== 'manifest') },
    })));
    h = await startHarness('acme', { forCompany: async () => ({ carriers, unavailable: false }), booked: (_co, id) => registry.find(id)! });
  });
  afterAll(() => h.close());

  it('refuses a claim for a carrier without the manifest capability and leaves its consignments as they were', async () => {
    const [id] = await createConsignments(h.app, 'acme', [parcel({ service_id: 'SwiftPost|SwiftPost 24' })]);
    const res = await claim(h.app, 'acme', { manifest_id: 'a'.repeat(32), carrier_id: 'swiftpost', warehouse_id: 'acme|Main', consignment_ids: [id] });
    expect([res.status, res.body.detail]).toEqual([400, 'carrier_id: SwiftPost takes no manifests (its capabilities do not include "manifest").']);
    const after = await request(h.app).get(`/companies/acme/consignment/${id}`).set('authorization', bearer('acme', 'token:1'));
    expect(after.body.current_status.status).toBe('Allocated');
    const generic = await createConsignments(h.app, 'acme', [parcel()]);
    const ok = await claim(h.app, 'acme', { manifest_id: 'b'.repeat(32), carrier_id: 'generic', warehouse_id: 'acme|Main', consignment_ids: generic });
    expect(ok.status).toBe(200);
  });
});
