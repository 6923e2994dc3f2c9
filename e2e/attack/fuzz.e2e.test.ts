import fc from 'fast-check';
import { availableModes, startStack, type Stack } from '../support/stack';
import { client, type ApiResponse } from '../support/client';
import { domesticConsignment } from '../support/fixtures';
import { hostileJson, mutationsOf } from '../support/mutations';

/** Runs per endpoint (FUZZ_RUNS raises it for a longer soak), each property also bounded in time. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const TIME_LIMIT_MS = 30_000;
const GDOM = 'Generic Carrier|Generic Domestic Service GDOM';

/** The contract every answer keeps: never 5xx, and every refusal says why in a string `detail`. */
function expectContract(label: string, res: ApiResponse): void {
  const broken = res.status >= 500 || (res.status >= 400 && typeof res.body?.detail !== 'string');
  if (broken) throw new Error(`${label} → ${res.status} ${res.text.slice(0, 300)}`);
}

/** Attack drill: property-based fuzzing of every public endpoint, from arbitrary JSON and from mutated valid bodies. */
describe.each(availableModes())('fuzzing the public API (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  const ids = { consignment: '', endpoint: '', rule: '' };
  beforeAll(async () => {
    stack = await startStack(mode, { WEBHOOK_ALLOW_PRIVATE: '0' });
    api = client(stack);
    ids.consignment = (await api.post('/consignments', [domesticConsignment({ service_id: GDOM })])).body.success[0];
    ids.endpoint = (await api.post('/webhooks/endpoints', { url: 'https://93.184.216.34/hook' })).body.id;
    ids.rule = (await api.get('/delivery-rules')).body[0].id;
  }, 180_000);
  afterAll(async () => stack?.stop());
  jest.setTimeout(240_000);

  const valid = (): Array<[string, string, unknown]> => [
    ['POST', '/consignments', [domesticConsignment()]],
    ['PUT', `/consignment/${ids.consignment}`, domesticConsignment({ service_id: GDOM })],
    ['POST', '/manifest', { consignment_ids: [ids.consignment], carrier_id: 'generic', warehouse_id: 'demo-co|London DC' }],
    ['POST', '/webhooks/endpoints', { url: 'https://93.184.216.34/hook', description: 'fuzz', event_types: ['tracking_update'] }],
    ['PATCH', `/webhooks/endpoints/${ids.endpoint}`, { description: 'fuzz', enabled: true }],
    ['POST', `/webhooks/endpoints/${ids.endpoint}/recover`, { since: '2020-01-01T00:00:00Z' }],
    ['POST', '/delivery-rules', { name: 'fuzz', service_id: 'SwiftPost|SwiftPost 24', delivery_type: 'standard', conditions: { countries: ['NO'] }, price: { amount: '1.00' }, schedule: { cutoff: '15:00', transit_days: 2 } }],
    ['PUT', '/delivery-settings', { allocation_preference: 'cheapest', currency: 'GBP' }],
    ['POST', `/api/2.0.0/company/demo-co/delivery_options/`, { recipient: { address: { country: 'GB', postcode: 'SW1A 2AA' } }, packages: [{ weight: 1, weight_unit: 'kg' }], shipping_date: '2030-06-05' }],
  ];
  const auth = (path: string) => (path.startsWith('/api/2.0.0') ? { header: `Api-Key ${stack.creds.deliveryOptionsKey}` } : 'token' as const);

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8])('keeps the contract for arbitrary and mutated bodies (endpoint %i)', async (i) => {
    const [method, path, body] = valid()[i];
    await fc.assert(
      fc.asyncProperty(fc.oneof(mutationsOf(body), hostileJson), async (candidate) => {
        expectContract(`${method} ${path} ${JSON.stringify(candidate).slice(0, 200)}`, await api.call(method, path, { body: candidate, auth: auth(path) }));
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS },
    );
  });

  it('keeps the contract for arbitrary query strings and path ids on every reading endpoint', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 60 });
    const key = fc.oneof(fc.constantFrom('page', 'page_size', 'search', 'status', 'created_after', 'documenttype', 'dpi', 'labelquantity', 'compression'), fc.string({ maxLength: 10 }));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, text, { maxKeys: 4 }), text, fc.nat(6), async (query, id, which) => {
        const q = new URLSearchParams(query).toString();
        const seg = encodeURIComponent(id);
        const path = [`/consignments?${q}`, `/consignment/${seg}?${q}`, `/consignment/${seg}/documents?${q}`, `/consignment/${ids.consignment}/documents?${q}`,
          `/manifest/${seg}/documents`, `/webhooks/endpoints/${seg}/attempts?${q}`, `/delivery-rules/${seg}`][which];
        expectContract(`GET ${path}`, await api.get(path));
      }),
      { numRuns: RUNS * 2, interruptAfterTimeLimit: TIME_LIMIT_MS },
    );
  });
});
