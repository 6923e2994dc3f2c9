import type { CarrierCredentialKeys } from './generated/api';
import { CARRIER_ACCOUNTS_TAG, carrierAccountOperations, carrierCredentialSchemas } from './openapi-carrier-accounts';
import { buildPaths, errorResponses, pathParameters } from './openapi-helpers';
import { publicOperations } from './openapi-paths';
import { outboundWebhooks, WEBHOOKS_TAG } from './openapi-webhooks';
import { rewriteRefs, withoutDocumentKeywords } from './schema-walk';
import { SERVICE_ALIASES_TAG } from './openapi-service-aliases';
import { RETURNS_TAG } from './openapi-returns';
import { RETENTION_TAG } from './openapi-retention';
import { RATES_TAG } from './openapi-rates';
import { CARRIER_CALLS_TAG, carrierCallOperations } from './openapi-carrier-calls';
import { AUDIT_LOG_TAG } from './openapi-audit-log';
import { COLLECTIONS_TAG, collectionOperations } from './openapi-collections';
import { SERVICE_POINTS_TAG, servicePointOperations } from './openapi-service-points';
import { schemaGroups } from './schemas';

export interface OpenApiOptions {
  /** Base URL shown to clients; defaults to the local gateway. */
  serverUrl?: string;
  /**
   * The real carriers' credential keys as their adapters declare them (what `GET /carrier-accounts/credential-keys`
   * answers): each gets a `CarrierCredentials.<carrier>` schema, and the create body takes the one of the carrier it names.
   */
  carriers?: readonly CarrierCredentialKeys[];
}

const DESCRIPTION = `Waybill's consignments API follows the Scurri Consignments API 1.0.0 (Django REST framework style):
an existing Scurri integration works by changing only the base URL.

- Every company route also answers under \`/api/v1/company/{company_slug}\` and \`/v1/company/{company_slug}\`,
  and every path works with and without a trailing slash.
- Authenticate with \`Authorization: token <API_TOKEN>\` (keyword case-insensitive) or HTTP Basic.
  Failures answer 401 with \`WWW-Authenticate: Basic\`; credentials of another company answer 403.
- Errors are JSON \`{"detail": "..."}\`. A 400 adds \`errors\`, keyed by dotted field path with indices
  (\`packages.0.items.1.quantity\`), and its \`detail\` is \`"<path>: <message>"\` of the first error.
  An unsupported method answers 405; a body over 5 MiB 413; a body that is not JSON 415.
- Optional strings sent as \`""\` are treated as absent and read back as null. Unknown keys are refused,
  except inside \`options\` and \`custom_attributes\` (\`<partner>_order_id\`).
- Numbers are read as Django REST framework reads them: every number field of a request body also takes a
  string holding a decimal number (\`"19.99"\`, \`"1.500"\`, \`"30"\`), an integer field takes \`2\`, \`2.0\` and
  \`"2"\` but not \`2.5\` (\`A valid integer is required.\`); \`true\`, arrays and objects are never numbers
  (\`A valid number is required.\`). Responses always carry JSON numbers.
- Every string of a request body has the \`maxLength\` its schema states; a longer one is refused with
  \`Ensure this field has no more than N characters.\` at its path.
- A country (recipient address, items' \`country_of_origin\`, delivery-options requests) may be given as its ISO 3166-1
  alpha-2 code, its alpha-3 code or its English short name (\`IE\`, \`IRL\`, \`Ireland\`; \`UK\` is GB), case and surrounding
  spaces ignored; it is stored and returned as the alpha-2 code. Anything else is \`Enter a valid country.\`
- A create element may carry the client's own \`identifier\` (1 to 64 letters, digits, \`-\` and \`_\`), unique within the
  company, which every path and field taking a consignment identifier then takes (manifests' \`consignment_ids\` included).
- A \`service_id\` or \`carrier\` equal to a key of the company's service aliases (\`/service-aliases\`) is read as its service.
- A body is JSON when its \`Content-Type\` is \`application/json\` (with any charset parameter) or \`text/json\`.`;

/** Components from the API and webhook JSON schemas, with cross-file $refs re-pointed at `#/components/schemas/<title>`. */
function componentSchemas(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const schema of [...schemaGroups.api, ...schemaGroups.webhooks]) {
    const local = rewriteRefs(schema, (target, siblings) => ({ ...siblings, $ref: `#/components/schemas/${target.title}` }));
    schemas[schema.title] = withoutDocumentKeywords(local);
  }
  return schemas;
}

/** The OpenAPI 3.1 document of the public API (docs/api/). */
export function buildOpenApi(opts: OpenApiOptions = {}): Record<string, unknown> {
  // Cloned so that a caller editing its copy (e.g. to add servers) cannot change shared definitions.
  return structuredClone({
    openapi: '3.1.0',
    info: { title: 'Waybill API', version: '1.0.0', description: DESCRIPTION, license: { name: 'Apache-2.0', identifier: 'Apache-2.0' } },
    servers: [{ url: opts.serverUrl ?? 'http://localhost:8080' }],
    security: [{ TokenAuth: [] }, { BasicAuth: [] }],
    tags: [
      { name: 'Lookups', description: 'Carriers, carrier services and warehouses, with stable identifiers.' },
      { name: 'Consignments', description: 'Create, list, read, update and cancel consignments.' },
      SERVICE_ALIASES_TAG,
      RETURNS_TAG,
      RETENTION_TAG,
      { name: 'Delivery options', description: 'Checkout quotes from the company\'s delivery rules; own base path and own API keys.' },
      { name: 'Delivery rules', description: 'The rules behind delivery options and allocation by rules (service_id "auto").' },
      RATES_TAG,
      { name: 'Manifests', description: 'Hand consignments to a carrier for collection; the manifest document is generated asynchronously.' },
      WEBHOOKS_TAG,
      { name: 'Dashboard', description: 'The console\'s figures and exceptions queue, read from read models kept by events; seconds behind.' },
      CARRIER_ACCOUNTS_TAG,
      CARRIER_CALLS_TAG,
      COLLECTIONS_TAG,
      SERVICE_POINTS_TAG,
      { name: 'Carrier tracking', description: 'Tracking pushes from carriers (signed with the carrier\'s ingest secret) and proof-of-delivery links.' },
      { name: 'Tracking page', description: 'The public page behind every tracking_url, and how the company\'s pages look.' },
      { name: 'Notifications', description: 'Shipping e-mails to recipients, in their language, branded like the tracking page; unsubscribing.' },
      AUDIT_LOG_TAG,
      { name: 'Operations', description: 'Version and health endpoints; no credentials needed. Every response carries the release in `Waybill-Version`.' },
    ],
    paths: buildPaths([...publicOperations, ...carrierAccountOperations(opts.carriers ?? []), ...carrierCallOperations, ...collectionOperations, ...servicePointOperations]),
    webhooks: outboundWebhooks,
    components: {
      schemas: { ...componentSchemas(), ...carrierCredentialSchemas(opts.carriers ?? []) },
      parameters: pathParameters,
      responses: Object.fromEntries(Object.values(errorResponses).map(([name, response]) => [name, response])),
      securitySchemes: {
        TokenAuth: {
          type: 'apiKey', in: 'header', name: 'Authorization',
          description: 'Header value `token <API_TOKEN>`; the keyword is case-insensitive.',
        },
        BasicAuth: { type: 'http', scheme: 'basic', description: 'A user of the company.' },
        ApiKeyAuth: {
          type: 'apiKey', in: 'header', name: 'Authorization',
          description: 'Delivery-options API only: `Api-Key <key>`; the bare key and `Bearer <key>` also work. Consignment tokens do not.',
        },
        CarrierSignature: {
          type: 'apiKey', in: 'header', name: 'x-waybill-signature',
          description: 'Carriers only: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by the carrier\'s ingest secret.',
        },
        CarrierPushToken: {
          type: 'http', scheme: 'bearer',
          description: 'Carriers that push with OAuth (UPS Track Alert): a token from `/ingest/v1/carriers/{carrier_id}/oauth/token`, with `x-api-key: <client id>`.',
        },
      },
    },
  });
}
