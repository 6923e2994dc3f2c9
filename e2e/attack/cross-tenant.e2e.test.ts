import { availableModes, type Stack } from '../support/stack';
import { client } from '../support/client';
import { deliveryOptions } from '../support/delivery';
import { domesticConsignment } from '../support/fixtures';
import { OTHER, stackWithTwoCompanies } from '../support/tenants';

const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const B_WAREHOUSE = `${OTHER.company}|London DC`;
/** A public address literal: saved without DNS in production mode, never contacted by this test's assertions. */
const PUBLIC_HOOK = 'https://93.184.216.34/hook';
const norwayRule = { name: 'B only', service_id: 'globex worldwide|globex economy worldwide', delivery_type: 'standard', conditions: { countries: ['no'] }, price: { amount: '7.00' } };

/**
 * Attack drill: company A's valid credentials aimed at company B, on every endpoint. B's slug answers 403;
 * B's resource ids under A's own slug answer 404 (or 400 where a body names them); and B's data is
 * byte-for-byte what it was before the attack.
 */
describe.each(availableModes())('cross-tenant access (%s)', (mode) => {
  let stack: Stack;
  let cleanup: () => void;
  let a: ReturnType<typeof client>;
  let b: ReturnType<typeof client>;
  let aOnB: ReturnType<typeof client>;
  const ids = { consignment: '', allocated: '', manifest: '', endpoint: '', rule: '', event: '' };
  const snapshot = async () => ({
    consignments: (await b.get('/consignments')).body,
    one: (await b.get(`/consignment/${ids.consignment}`)).body,
    endpoints: (await b.get('/webhooks/endpoints')).body,
    secret: (await b.get(`/webhooks/endpoints/${ids.endpoint}/secret`)).body,
    rules: (await b.get('/delivery-rules')).body,
    settings: (await b.get('/delivery-settings')).body,
    manifest: (await b.get(`/manifest/${ids.manifest}/documents`)).status,
  });
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    ({ stack, cleanup } = await stackWithTwoCompanies(mode, { WEBHOOK_ALLOW_PRIVATE: '0' }));
    a = client(stack);
    b = client({ ...stack, creds: OTHER });
    aOnB = client(stack, `/_api/v1/company/${OTHER.company}`);
    [ids.consignment, ids.allocated] = (await b.post('/consignments', [domesticConsignment(), domesticConsignment({ service_id: GDOM, warehouse_id: B_WAREHOUSE })])).body.success;
    const manifest = await b.post('/manifest', { consignment_ids: [ids.allocated], carrier_id: 'generic', warehouse_id: B_WAREHOUSE });
    expect(manifest.status).toBe(201);
    ids.manifest = manifest.body.identifier;
    const endpoint = await b.post('/webhooks/endpoints', { url: PUBLIC_HOOK });
    expect(endpoint.status).toBe(201);
    ids.endpoint = endpoint.body.id;
    ids.event = (await b.post(`/webhooks/endpoints/${ids.endpoint}/test`, {})).body.event_id;
    const rule = await b.post('/delivery-rules', norwayRule);
    expect(rule.status).toBe(201);
    ids.rule = rule.body.id;
    before = await snapshot();
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    cleanup?.();
  });

  // A loaded CI machine needs more than the default minute for the full sweep.
  jest.setTimeout(120_000);
  const onB = (): Array<[string, string, unknown?]> => [
    ['GET', '/carriers'], ['GET', '/carrierservices'], ['GET', '/warehouses'],
    ['GET', '/consignments'], ['POST', '/consignments', [domesticConsignment()]],
    ['GET', `/consignment/${ids.consignment}`], ['PUT', `/consignment/${ids.consignment}`, domesticConsignment()],
    ['DELETE', `/consignment/${ids.consignment}`], ['GET', `/consignment/${ids.allocated}/documents`],
    ['POST', '/manifest', { consignment_ids: [ids.consignment], carrier_id: 'generic', warehouse_id: B_WAREHOUSE }],
    ['GET', `/manifest/${ids.manifest}/documents`],
    ['GET', '/webhooks/endpoints'], ['POST', '/webhooks/endpoints', { url: PUBLIC_HOOK }],
    ['GET', `/webhooks/endpoints/${ids.endpoint}`], ['PATCH', `/webhooks/endpoints/${ids.endpoint}`, { enabled: false }],
    ['DELETE', `/webhooks/endpoints/${ids.endpoint}`], ['GET', `/webhooks/endpoints/${ids.endpoint}/secret`],
    ['POST', `/webhooks/endpoints/${ids.endpoint}/rotate-secret`, {}], ['POST', `/webhooks/endpoints/${ids.endpoint}/test`, {}],
    ['GET', `/webhooks/endpoints/${ids.endpoint}/attempts`], ['POST', `/webhooks/endpoints/${ids.endpoint}/recover`, { since: '2020-01-01T00:00:00Z' }],
    ['POST', `/webhooks/messages/${ids.event}/resend`, {}],
    ['GET', '/delivery-rules'], ['POST', '/delivery-rules', norwayRule], ['GET', `/delivery-rules/${ids.rule}`],
    ['PUT', `/delivery-rules/${ids.rule}`, norwayRule], ['DELETE', `/delivery-rules/${ids.rule}`],
    ['GET', '/delivery-settings'], ['PUT', '/delivery-settings', { currency: 'EUR' }],
  ];

  it("answers 403 with detail for A's token and A's Basic credentials on every endpoint under B's slug", async () => {
    for (const [method, path, body] of onB()) {
      for (const auth of ['token', 'basic'] as const) {
        const res = await aOnB.call(method, path, { body, auth });
        expect({ method, path, auth, status: res.status }).toEqual({ method, path, auth, status: 403 });
        expect(res.body.detail).toEqual(expect.any(String));
      }
    }
  });

  it("refuses A's delivery-options key on B's delivery options", async () => {
    const res = await deliveryOptions(stack).post({ recipient: { address: { country: 'NO' } } }, { slug: OTHER.company });
    expect(res.status).toBe(403);
  });

  it("answers 404 for B's resource ids under A's own slug, whatever the method", async () => {
    const byId: Array<[string, string, unknown?]> = [
      ['GET', `/consignment/${ids.consignment}`], ['PUT', `/consignment/${ids.consignment}`, domesticConsignment()],
      ['DELETE', `/consignment/${ids.consignment}`], ['GET', `/consignment/${ids.allocated}/documents`],
      ['GET', `/manifest/${ids.manifest}/documents`],
      ['GET', `/webhooks/endpoints/${ids.endpoint}`], ['PATCH', `/webhooks/endpoints/${ids.endpoint}`, { enabled: false }],
      ['DELETE', `/webhooks/endpoints/${ids.endpoint}`], ['GET', `/webhooks/endpoints/${ids.endpoint}/secret`],
      ['POST', `/webhooks/endpoints/${ids.endpoint}/rotate-secret`, {}], ['POST', `/webhooks/endpoints/${ids.endpoint}/test`, {}],
      ['GET', `/webhooks/endpoints/${ids.endpoint}/attempts`], ['POST', `/webhooks/endpoints/${ids.endpoint}/recover`, { since: '2020-01-01T00:00:00Z' }],
      ['POST', `/webhooks/messages/${ids.event}/resend`, {}],
      ['GET', `/delivery-rules/${ids.rule}`], ['PUT', `/delivery-rules/${ids.rule}`, norwayRule], ['DELETE', `/delivery-rules/${ids.rule}`],
    ];
    for (const [method, path, body] of byId) {
      const res = await a.call(method, path, { body });
      expect({ method, path, status: res.status, detail: res.body?.detail }).toEqual({ method, path, status: 404, detail: 'Not found.' });
    }
  });

  it("refuses a manifest or a webhook resend that names B's ids in A's body, and lists none of B's data", async () => {
    const manifest = await a.post('/manifest', { consignment_ids: [ids.consignment], carrier_id: 'generic', warehouse_id: 'demo-co|London DC' });
    expect(manifest.status).toBe(400);
    expect(manifest.text).not.toContain(OTHER.company);
    const [mine] = (await a.post('/consignments', [domesticConsignment()])).body.success;
    const pinned = await a.post(`/webhooks/messages/${ids.event}/resend`, { endpoint_id: ids.endpoint });
    expect(pinned.status).toBe(404);
    const listed = JSON.stringify([(await a.get('/consignments')).body, (await a.get('/webhooks/endpoints')).body, (await a.get('/delivery-rules')).body]);
    for (const id of Object.values(ids)) expect(listed).not.toContain(id);
    expect(listed).toContain(mine);
  });

  it("leaves every piece of B's data exactly as it was", async () => {
    expect(await snapshot()).toEqual(before);
    expect(before.one.current_status.status).toBe('Unallocated');
    expect(before.endpoints).toEqual([expect.objectContaining({ id: ids.endpoint, enabled: true })]);
  });
});
