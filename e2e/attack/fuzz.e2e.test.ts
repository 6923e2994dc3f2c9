import fc from 'fast-check';
import { SchemaId, getSchema } from '@waybill/contracts';
import { signPush } from '@waybill/testing';
import { availableModes, startStack, type Stack } from '../support/stack';
import { client, type ApiResponse, type Auth } from '../support/client';
import { domesticConsignment } from '../support/fixtures';
import { fromSchema } from '../support/schema-arbitrary';
import { bodiesFor, hostileQuery, hostileSegment, hostileValue } from '../support/hostile';

/** Runs per property; FUZZ_RUNS raises it for a soak, FUZZ_SEED replays a failure. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';
const WAREHOUSE = 'demo-co|London DC';
const PUBLIC_HOOK = 'https://93.184.216.34/hook';

interface Call { method: string; path: string; body?: unknown; raw?: string; auth?: Auth; headers?: Record<string, string> }

const schema = (id: string) => fromSchema(getSchema(id)!);
/** The three prefixes of the consignments API, with and without the trailing slash. */
const prefixed = fc.tuple(fc.constantFrom('/_api/v1', '/api/v1', '/v1'), fc.boolean());

/**
 * Attack drill: property-based fuzzing of every public endpoint with bodies generated from its
 * contract schema and then broken (wrong types, missing and unknown keys, huge and odd strings, bad
 * dates), and with hostile path ids and query strings. The contract under attack: no answer is a
 * 5xx, and every 4xx carries a string `detail`.
 */
describe.each(availableModes())('fuzzing every public endpoint (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  // Each operation that changes state has its own target, so one property does not starve another of a live one.
  const ids = { live: '', spare: '', printable: '', tracking: '', manifest: '', endpoint: '', event: '', rule: '' };

  beforeAll(async () => {
    stack = await startStack(mode, { WEBHOOK_ALLOW_PRIVATE: '0' });
    api = client(stack);
    const created = await api.post('/consignments', [0, 1, 2, 3].map(() => domesticConsignment({ service_id: GDOM, warehouse_id: WAREHOUSE })));
    [ids.live, ids.spare, ids.printable] = created.body.success;
    ids.tracking = (await api.get(`/consignment/${ids.live}`)).body.packages[0].tracking_number;
    ids.manifest = (await api.post('/manifest', { consignment_ids: [created.body.success[3]], carrier_id: 'generic', warehouse_id: WAREHOUSE })).body.identifier;
    ids.endpoint = (await api.post('/webhooks/endpoints', { url: PUBLIC_HOOK })).body.id;
    ids.event = (await api.post(`/webhooks/endpoints/${ids.endpoint}/test`, {})).body.event_id;
    ids.rule = (await api.get('/delivery-rules')).body[0].id;
    expect(Object.values(ids).every(Boolean)).toBe(true);
  }, 180_000);
  afterAll(async () => stack?.stop());
  jest.setTimeout(120_000);

  async function send(c: Call): Promise<ApiResponse> {
    // fetch sends no body with GET or HEAD.
    const body = c.method === 'GET' || c.method === 'HEAD' ? undefined : c.body;
    const opts = c.raw !== undefined ? { raw: c.raw, headers: { 'content-type': 'application/json', ...c.headers } } : { body, headers: c.headers };
    return api.call(c.method, `${stack.baseUrl}${c.path}`, { ...opts, auth: c.auth ?? 'token' });
  }

  /** Sends every generated call; the first that breaks the contract fails with its seed, for FUZZ_SEED. */
  async function fuzz(calls: fc.Arbitrary<Call>, runs = RUNS): Promise<void> {
    const property = fc.asyncProperty(calls, async (c) => {
      const res = await send(c);
      const broken = res.status >= 500 || (res.status >= 400 && typeof res.body?.detail !== 'string');
      if (broken) throw new Error(`${c.method} ${c.path.slice(0, 300)} ${JSON.stringify(c.body ?? c.raw)?.slice(0, 500)}\n→ ${res.status} ${res.text.slice(0, 300)}`);
    });
    const out = await fc.check(property, { numRuns: runs, seed: SEED });
    if (out.failed) {
      const why = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
      throw new Error(`Fuzzing broke the contract; replay with FUZZ_SEED=${SEED} (fast-check path ${out.counterexamplePath}).\n${why}\n${fc.defaultReportMessage(out)}`);
    }
  }

  /** From the schema, or an integration's typical body (which gets allocated, by service or by rules). */
  const consignmentBody = () => fc.oneof(
    schema(SchemaId.ConsignmentInput),
    fc.constantFrom(GDOM, 'auto', null, '').map((service_id) => domesticConsignment({ service_id, create_date: '2026-01-02T03:04:05Z' })),
  );
  const company = (suffix: string) => prefixed.map(([p, slash]) => `${p}/company/demo-co${suffix}${slash ? '/' : ''}`);
  const on = (suffix: fc.Arbitrary<string>) => fc.tuple(prefixed, suffix).map(([[p, slash], s]) => `${p}/company/demo-co${s}${slash ? '/' : ''}`);
  const withQuery = (path: fc.Arbitrary<string>, names: string[]) => fc.tuple(path, hostileQuery(names)).map(([p, q]) => (q ? `${p}?${q}` : p));
  const idOr = (real: string) => fc.oneof(hostileSegment, fc.constant(real));

  it('consignments: create (arrays of generated and broken elements, and non-arrays)', async () => {
    const element = bodiesFor(consignmentBody());
    const body = fc.oneof({ arbitrary: fc.array(element, { minLength: 1, maxLength: 3 }), weight: 5 }, { arbitrary: hostileValue, weight: 1 });
    await fuzz(fc.record({ method: fc.constant('POST'), path: company('/consignments'), body }));
  });

  it('consignments: list with hostile query strings', async () => {
    await fuzz(fc.record({ method: fc.constant('GET'), path: withQuery(company('/consignments'), ['offset', 'limit', 'status', 'identifier', 'order_number']) }));
  });

  it('consignment: read, replace and cancel by hostile and real ids', async () => {
    const put = fc.record({ method: fc.constant('PUT'), path: on(idOr(ids.live).map((id) => `/consignment/${id}`)), body: bodiesFor(consignmentBody()) });
    const other = fc.record({ method: fc.constantFrom('GET', 'DELETE', 'PATCH', 'POST'), path: on(idOr(ids.spare).map((id) => `/consignment/${id}`)) });
    await fuzz(fc.oneof(put, other));
  });

  it('consignment documents: hostile ids and query strings', async () => {
    const path = on(idOr(ids.printable).map((id) => `/consignment/${id}/documents`));
    await fuzz(fc.record({ method: fc.constant('GET'), path: withQuery(path, ['documenttype', 'labelquantity', 'label_quantity', 'invoice_quantity', 'dpi', 'label_size', 'compression']) }), Math.ceil(RUNS / 2));
  });

  it('lookups: carriers, carrier services and warehouses, any method and query', async () => {
    const path = withQuery(on(fc.constantFrom('/carriers', '/carrierservices', '/warehouses')), ['carrier', 'limit', 'offset']);
    await fuzz(fc.record({ method: fc.constantFrom('GET', 'GET', 'POST', 'DELETE'), path, body: fc.option(hostileValue, { nil: undefined }) }));
  });

  it('manifests: create from generated and broken bodies, documents by hostile ids', async () => {
    const valid = fc.oneof(schema(SchemaId.ManifestInput), fc.constant({ consignment_ids: [ids.live, ids.spare], carrier_id: 'generic', warehouse_id: WAREHOUSE }));
    const create = fc.record({ method: fc.constant('POST'), path: company('/manifest'), body: bodiesFor(valid) });
    const documents = fc.record({ method: fc.constant('GET'), path: on(idOr(ids.manifest).map((id) => `/manifest/${id}/documents`)) });
    await fuzz(fc.oneof(create, documents));
  });

  it('delivery options: generated and broken checkout requests', async () => {
    const auth = fc.constantFrom<Auth>({ header: `Api-Key ${stack.creds.deliveryOptionsKey}` }, { header: `Bearer ${stack.creds.deliveryOptionsKey}` }, { header: stack.creds.deliveryOptionsKey });
    const path = fc.boolean().map((slash) => `/api/2.0.0/company/demo-co/delivery_options${slash ? '/' : ''}`);
    await fuzz(fc.record({ method: fc.constant('POST'), path, auth, body: bodiesFor(schema(SchemaId.DeliveryOptionsRequest)) }));
  });

  it('delivery rules and settings: generated and broken bodies, hostile ids', async () => {
    const rule = bodiesFor(schema(SchemaId.DeliveryRuleInput));
    await fuzz(fc.oneof(
      fc.record({ method: fc.constant('POST'), path: company('/delivery-rules'), body: rule }),
      fc.record({ method: fc.constantFrom('GET', 'PUT'), path: on(idOr(ids.rule).map((id) => `/delivery-rules/${id}`)), body: rule }),
      fc.record({ method: fc.constant('DELETE'), path: on(hostileSegment.map((id) => `/delivery-rules/${id}`)) }),
      fc.record({ method: fc.constantFrom('GET', 'PUT'), path: company('/delivery-settings'), body: bodiesFor(schema(SchemaId.DeliverySettings)) }),
    ));
  });

  it('webhook management: generated and broken bodies on every operation, hostile ids', async () => {
    const url = fc.constantFrom(PUBLIC_HOOK, 'https://[2606:2800:220:1:248:1893:25c8:1946]/in', 'https://localhost/hook', undefined);
    const input = fc.tuple(schema(SchemaId.WebhookEndpointInput), url).map(([b, u]: [any, string | undefined]) => ({ ...b, url: u ?? b.url }));
    const endpoint = idOr(ids.endpoint);
    await fuzz(fc.oneof(
      fc.record({ method: fc.constant('POST'), path: company('/webhooks/endpoints'), body: bodiesFor(input) }),
      fc.record({ method: fc.constantFrom('GET', 'PATCH'), path: on(endpoint.map((id) => `/webhooks/endpoints/${id}`)), body: bodiesFor(schema(SchemaId.WebhookEndpointPatch)) }),
      fc.record({ method: fc.constant('DELETE'), path: on(hostileSegment.map((id) => `/webhooks/endpoints/${id}`)) }),
      fc.record({ method: fc.constantFrom('GET', 'POST'), path: on(fc.tuple(endpoint, fc.constantFrom('secret', 'rotate-secret', 'test')).map(([id, op]) => `/webhooks/endpoints/${id}/${op}`)) }),
      fc.record({ method: fc.constant('GET'), path: withQuery(on(endpoint.map((id) => `/webhooks/endpoints/${id}/attempts`)), ['offset', 'limit']) }),
      fc.record({ method: fc.constant('POST'), path: on(endpoint.map((id) => `/webhooks/endpoints/${id}/recover`)), body: bodiesFor(schema(SchemaId.WebhookRecoverInput)) }),
      fc.record({ method: fc.constant('POST'), path: on(idOr(ids.event).map((id) => `/webhooks/messages/${id}/resend`)), body: bodiesFor(schema(SchemaId.WebhookResendInput)) }),
    ));
  });

  it('carrier push: signed generated and broken bodies, hostile carrier ids and signatures', async () => {
    const push = schema(SchemaId.TrackingPush).map((b: any) => ({
      trackings: (b.trackings ?? []).map((t: any, i: number) => (i === 0 ? { ...t, tracking_number: ids.tracking } : t)),
    }));
    const calls = fc.tuple(bodiesFor(push), fc.oneof({ arbitrary: fc.constant('generic'), weight: 4 }, hostileSegment), fc.constantFrom('good', 'good', 'good', 'bad', 'none'))
      .map(([body, carrier, signing]): Call => {
        const raw = JSON.stringify(body) ?? 'null';
        const signature = signing === 'good' ? signPush(stack.creds.carrierSecret, raw) : signing === 'bad' ? 't=1,v1=00' : '';
        return { method: 'POST', path: `/ingest/v1/carriers/${carrier}/tracking`, raw, auth: 'none', headers: signature ? { 'x-waybill-signature': signature } : {} };
      });
    await fuzz(calls);
  });

  it('console sign-in: generated and broken credentials', async () => {
    const valid = fromSchema({ type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string' } } });
    await fuzz(fc.record({ method: fc.constant('POST'), path: fc.constant('/console/api/session'), auth: fc.constant<Auth>('none'), body: bodiesFor(valid) }));
  });
});
