import { buildOpenApi } from './openapi';
import { schemaGroups } from './schemas';

type Obj = Record<string, any>;

function collectRefs(node: unknown, refs: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, refs));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') refs.push(value);
      else collectRefs(value, refs);
    }
  }
  return refs;
}

function resolvePointer(doc: Obj, ref: string): unknown {
  return ref.slice(2).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Obj | undefined)?.[key], doc);
}

describe('buildOpenApi', () => {
  const doc = buildOpenApi({ serverUrl: 'https://api.example.com' }) as Obj;
  const prefix = '/_api/v1/company/{company_slug}';

  it('is an OpenAPI 3.1.0 document for the given server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://api.example.com' }]);
    expect(doc.components.securitySchemes.TokenAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(doc.components.securitySchemes.BasicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
  });

  it('resolves every $ref within the document', () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) {
      expect(ref.startsWith('#/')).toBe(true);
      expect([ref, resolvePointer(doc, ref)]).toEqual([ref, expect.anything()]);
    }
  });

  it('carries every API schema as a component, without standalone-document keywords', () => {
    for (const schema of schemaGroups.api) {
      const component = doc.components.schemas[schema.title];
      expect(component).toBeDefined();
      expect(component).not.toHaveProperty('$id');
      expect(component).not.toHaveProperty('$schema');
    }
  });

  it.each([
    ['get', '/carriers'], ['get', '/carrierservices'], ['get', '/warehouses'],
    ['get', '/consignments'], ['post', '/consignments'],
    ['get', '/consignment/{identifier}'], ['put', '/consignment/{identifier}'], ['delete', '/consignment/{identifier}'],
    ['get', '/consignment/{identifier}/carrier-calls'], ['get', '/carrier-accounts/{account_id}/calls'],
  ])('documents %s %s with its errors', (method, path) => {
    const op = doc.paths[prefix + path]?.[method];
    expect(op).toBeDefined();
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429', '5XX']));
  });

  it('documents delivery options with its own key scheme, and the rules management API', () => {
    const quote = doc.paths['/api/2.0.0/company/{company_slug}/delivery_options/'].post;
    expect(quote.security).toEqual([{ ApiKeyAuth: [] }]);
    expect(doc.components.securitySchemes.ApiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(Object.keys(quote.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(Object.keys(doc.paths[`${prefix}/delivery-rules`])).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${prefix}/delivery-rules/{rule_id}`])).toEqual(['get', 'put', 'delete']);
    expect(Object.keys(doc.paths[`${prefix}/delivery-settings`])).toEqual(['get', 'put']);
  });

  it.each([
    ['get', '/webhooks/endpoints', '200'], ['post', '/webhooks/endpoints', '201'], ['patch', '/webhooks/endpoints/{endpoint_id}', '200'],
    ['delete', '/webhooks/endpoints/{endpoint_id}', '204'], ['post', '/webhooks/endpoints/{endpoint_id}/rotate-secret', '200'],
    ['post', '/webhooks/endpoints/{endpoint_id}/test', '202'], ['get', '/webhooks/endpoints/{endpoint_id}/attempts', '200'],
    ['post', '/webhooks/endpoints/{endpoint_id}/recover', '202'], ['post', '/webhooks/messages/{event_id}/resend', '202'],
  ])('documents the webhook management call %s %s answering %s', (method, path, status) => {
    const op = doc.paths[prefix + path]?.[method];
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining([status, '401', '403']));
  });

  it('documents the outbound webhooks, their signature headers and the delivery contract', () => {
    expect(Object.keys(doc.webhooks)).toEqual(['tracking_update', 'proof_of_delivery', 'return_created', 'test']);
    expect(doc.webhooks.tracking_update.post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TrackingUpdateWebhook' });
    expect(doc.webhooks.tracking_update.post.parameters.map((p: Obj) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const webhooks = doc.tags.find((t: Obj) => t.name === 'Webhooks').description;
    for (const fact of ['HMAC-SHA256', '5 s, 5 min, 30 min, 2 h, 5 h', 'Retry-After', '410 Gone', '5 days', 'WEBHOOK_ALLOW_PRIVATE']) expect(webhooks).toContain(fact);
  });

  it('documents the health endpoints without credentials', () => {
    for (const path of ['/healthz', '/readyz']) expect(doc.paths[path].get.security).toEqual([]);
  });

  it('documents list parameters, the Idempotency-Key header and the state conflicts', () => {
    const names = (op: Obj) => op.parameters.map((p: Obj) => p.name ?? p.$ref);
    expect(names(doc.paths[`${prefix}/consignments`].get)).toEqual(expect.arrayContaining(
      ['offset', 'limit', 'status', 'identifier', 'order_number']));
    expect(names(doc.paths[`${prefix}/consignments`].post)).toContain('Idempotency-Key');
    expect(doc.paths[`${prefix}/consignment/{identifier}`].put.responses).toHaveProperty('409');
    expect(doc.paths[`${prefix}/consignment/{identifier}`].delete.responses).toHaveProperty('409');
  });

  it('returns a fresh document each time', () => {
    (buildOpenApi() as Obj).components.parameters.company_slug.name = 'changed';
    expect((buildOpenApi() as Obj).components.parameters.company_slug.name).toBe('company_slug');
  });

  it('documents the carrier tracking push and proof-of-delivery links with their own credentials', () => {
    const push = doc.paths['/ingest/v1/carriers/{carrier_id}/tracking'].post;
    expect(push.security).toEqual([{ CarrierSignature: [] }, { CarrierPushToken: [] }]);
    expect(push.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TrackingPush' });
    expect(Object.keys(push.responses)).toEqual(expect.arrayContaining(['202', '400', '401']));
    expect(push.responses['401'].headers).toHaveProperty('WWW-Authenticate');
    const pod = doc.paths['/pod/v1/documents/{document_id}'].get;
    expect(pod.security).toEqual([]);
    expect(Object.keys(pod.responses)).toEqual(expect.arrayContaining(['200', '403', '404', '410']));
    expect(doc.components.securitySchemes.CarrierSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-waybill-signature' });
  });

  describe('carrier accounts', () => {
    // What an adapter declares (libs/carriers builds these from the adapters; the gateway passes them in).
    const carriers = [
      { carrier: 'acme', name: 'Acme', booking_label_formats: ['pdf' as const], keys: [
        { name: 'api_key', required: true, secret: true, description: 'The key.' },
        { name: 'region', required: false, secret: false, description: 'Where.' },
      ] },
    ];
    const withCarriers = buildOpenApi({ carriers }) as Obj;

    it.each([
      ['get', '/carrier-accounts', '200'], ['post', '/carrier-accounts', '201'], ['get', '/carrier-accounts/credential-keys', '200'],
      ['get', '/carrier-accounts/{account_id}', '200'], ['patch', '/carrier-accounts/{account_id}', '200'], ['delete', '/carrier-accounts/{account_id}', '204'],
      ['post', '/carrier-accounts/{account_id}/check', '200'], ['post', '/carrier-accounts/{account_id}/rotate-webhook-credentials', '200'],
    ])('documents %s %s answering %s', (method, path, status) => {
      expect(Object.keys(withCarriers.paths[prefix + path][method].responses)).toEqual(expect.arrayContaining([status, '401', '403']));
    });

    it("derives each carrier's credentials schema from its declaration, and the create body takes the named carrier's", () => {
      expect(withCarriers.components.schemas['CarrierCredentials.acme']).toMatchObject({
        type: 'object', additionalProperties: false, required: ['api_key'],
        properties: { api_key: { type: 'string', format: 'password' }, region: { type: 'string', description: 'Where.' } },
      });
      const body = withCarriers.paths[`${prefix}/carrier-accounts`].post.requestBody.content['application/json'].schema;
      expect(body.allOf[0]).toEqual({ $ref: '#/components/schemas/CarrierAccountInput' });
      expect(body.allOf[1].oneOf).toEqual([expect.objectContaining({
        properties: { carrier: { const: 'acme' }, credentials: { $ref: '#/components/schemas/CarrierCredentials.acme' }, booking_label_format: { enum: ['pdf'] } },
      })]);
      expect(withCarriers.paths[`${prefix}/carrier-accounts`].post.description).toContain('Acme (`acme`): `api_key` (secret), `region` (optional)');
      for (const ref of collectRefs(withCarriers)) expect([ref, resolvePointer(withCarriers, ref)]).toEqual([ref, expect.anything()]);
    });

    it('documents the push-token endpoint as a form with Basic client credentials', () => {
      const token = doc.paths['/ingest/v1/carriers/{carrier_id}/oauth/token'].post;
      expect(token.security).toEqual([{ BasicAuth: [] }]);
      expect(Object.keys(token.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
      expect(token.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CarrierPushToken' });
    });
  });
});
