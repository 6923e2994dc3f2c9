// Carrier accounts (docs/api/carrier-accounts.md) and the token endpoint of carriers that push with OAuth, for openapi.ts.
// The credential keys of each carrier are not written here: the caller passes the adapters' declarations
// (`GET /carrier-accounts/credential-keys` answers the same), so a new carrier changes its own folder alone.
import type { CarrierCredentialKeys } from './generated/api';
import { arrayOf, companyOperation, json, operation, schemaRef, type OperationDef } from './openapi-helpers';

type Obj = Record<string, unknown>;

export const CARRIER_ACCOUNTS_TAG = {
  name: 'Carrier accounts',
  description: 'A company\'s own accounts with real carriers (UPS, Royal Mail, DHL Express): with one, that carrier\'s services appear '
    + 'in `/carriers` and `/carrierservices`. Credentials are encrypted at rest and never returned (each value shows as `****` and its '
    + 'last 4 characters). `test_mode` picks the carrier\'s sandbox host; `CARRIER_BASE_URL_<CARRIER>` overrides both hosts.',
};

/** The component holding one carrier's credentials. */
export const credentialsComponent = (carrier: string): string => `CarrierCredentials.${carrier}`;

/** One schema per carrier: exactly its declared keys, the required ones required. */
export function carrierCredentialSchemas(carriers: readonly CarrierCredentialKeys[]): Record<string, Obj> {
  return Object.fromEntries(carriers.map((c) => [credentialsComponent(c.carrier), {
    title: `${c.name} credentials`,
    type: 'object', additionalProperties: false,
    required: c.keys.filter((k) => k.required).map((k) => k.name),
    properties: Object.fromEntries(c.keys.map((k) => [k.name, {
      type: 'string', minLength: 1, maxLength: 512, description: k.description, ...(k.secret && { format: 'password' }),
    }])),
  }]));
}

/** `UPS (ups): client_id, client_secret (secret), account_number` per carrier, for descriptions. */
function keysText(carriers: readonly CarrierCredentialKeys[]): string {
  return carriers.map((c) => `${c.name} (\`${c.carrier}\`): ${c.keys.map((k) => `\`${k.name}\`${k.required ? '' : ' (optional)'}${k.secret ? ' (secret)' : ''}`).join(', ')}`
    + `; label formats ${c.booking_label_formats.map((f) => `\`${f}\``).join(', ')}`).join('. ');
}

/** The create body: CarrierAccountInput whose `credentials` are those of the carrier it names. */
function createBody(carriers: readonly CarrierCredentialKeys[]): Obj {
  if (carriers.length === 0) return schemaRef('CarrierAccountInput');
  return {
    allOf: [schemaRef('CarrierAccountInput'), {
      oneOf: carriers.map((c) => ({
        type: 'object', required: ['carrier', 'credentials'],
        properties: {
          carrier: { const: c.carrier }, credentials: schemaRef(credentialsComponent(c.carrier)),
          booking_label_format: { enum: c.booking_label_formats },
        },
      })),
    }],
  };
}

const account = (path = '') => `/carrier-accounts/{account_id}${path}`;

export function carrierAccountOperations(carriers: readonly CarrierCredentialKeys[]): OperationDef[] {
  const keys = carriers.length ? ` Credentials by carrier: ${keysText(carriers)}.` : '';
  return [
    companyOperation({
      method: 'get', path: '/carrier-accounts', operationId: 'listCarrierAccounts', tags: ['Carrier accounts'],
      summary: 'List the company\'s carrier accounts', description: 'A bare array; credentials masked.',
      responses: { 200: json('The accounts.', arrayOf('CarrierAccount')) },
    }),
    companyOperation({
      method: 'post', path: '/carrier-accounts', operationId: 'createCarrierAccount', tags: ['Carrier accounts'],
      summary: 'Add a carrier account',
      description: 'One account per carrier per company (409 for a second). `credentials` holds exactly the keys the carrier declares: '
        + `a missing or unknown key is a 400 naming it (\`credentials.account_number: This field is required.\`).${keys} `
        + 'For a carrier that pushes tracking with OAuth (UPS Track Alert) the answer carries `webhook_credentials` in full, this once: '
        + 'the client id and secret to register with the carrier, its token URL and its webhook URL.',
      requestBody: { required: true, ...json('The account.', createBody(carriers)) },
      responses: { 201: json('The stored account, credentials masked.', schemaRef('CarrierAccount')) }, errors: [400, 409, 413, 415],
    }),
    companyOperation({
      method: 'get', path: '/carrier-accounts/credential-keys', operationId: 'listCarrierCredentialKeys', tags: ['Carrier accounts'],
      summary: 'The credential keys each carrier asks for',
      description: 'From each carrier adapter\'s own declaration: what a form for a new account must ask.',
      responses: { 200: json('One entry per carrier.', arrayOf('CarrierCredentialKeys')) },
    }),
    companyOperation({
      method: 'get', path: account(), operationId: 'getCarrierAccount', tags: ['Carrier accounts'],
      summary: 'Get a carrier account', responses: { 200: json('The account, credentials masked.', schemaRef('CarrierAccount')) }, errors: [404],
    }),
    companyOperation({
      method: 'patch', path: account(), operationId: 'updateCarrierAccount', tags: ['Carrier accounts'],
      summary: 'Change a carrier account',
      description: 'Only the members named change; `credentials` key by key (a new value replaces one key, the others stay). A credential '
        + 'change clears `last_check`. `enabled: false` withdraws the carrier\'s services from the company without deleting anything.',
      requestBody: { required: true, ...json('The members to change.', schemaRef('CarrierAccountPatch')) },
      responses: { 200: json('The account.', schemaRef('CarrierAccount')) }, errors: [400, 404, 413, 415],
    }),
    companyOperation({
      method: 'delete', path: account(), operationId: 'deleteCarrierAccount', tags: ['Carrier accounts'],
      summary: 'Delete a carrier account',
      description: 'The account disappears from the API; its consignments stay readable and cancellable.',
      responses: { 204: { description: 'Deleted.' } }, errors: [404],
    }),
    companyOperation({
      method: 'post', path: account('/check'), operationId: 'checkCarrierAccount', tags: ['Carrier accounts'],
      summary: 'Check the account with the carrier',
      description: 'One authenticated call to the carrier that changes nothing; the answer is kept as `last_check`. Wrong credentials are '
        + 'a 200 `{"ok": false, "detail": "<the carrier\'s message>"}`, not an error of this API.',
      responses: { 200: json('What the carrier said.', schemaRef('CarrierAccountCheck')) }, errors: [404],
    }),
    companyOperation({
      method: 'post', path: account('/rotate-webhook-credentials'), operationId: 'rotateCarrierWebhookCredentials', tags: ['Carrier accounts'],
      summary: 'New webhook client credentials',
      description: 'For carriers that push with OAuth (UPS Track Alert): a new client secret, shown in full in this answer only; the old '
        + 'one stops buying tokens at once. Register the new one with the carrier.',
      responses: { 200: json('The account with `webhook_credentials` in full.', schemaRef('CarrierAccount')) }, errors: [404, 409],
    }),
    operation({
      method: 'post', path: '/ingest/v1/carriers/{carrier_id}/oauth/token', operationId: 'issueCarrierPushToken', tags: ['Carrier tracking'],
      summary: 'A push token for a carrier (OAuth client credentials)',
      description: 'Called by carriers that push tracking with OAuth (UPS Track Alert), not by merchants: client_secret_basic with the '
        + '`webhook_credentials` of one of the carrier\'s accounts, form body `grant_type=client_credentials` (RFC 6749 section 4.4). '
        + 'The token is then sent as `Authorization: Bearer <token>` with the pushes.',
      security: [{ BasicAuth: [] }],
      requestBody: {
        required: true, description: 'The token request.',
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['grant_type'], properties: { grant_type: { const: 'client_credentials' } } } } },
      },
      responses: {
        200: json('The token (`Cache-Control: no-store`).', schemaRef('CarrierPushToken')),
        400: json('`error: unsupported_grant_type` or `invalid_request` (a body that is not a form), with `detail`.', schemaRef('ErrorResponse')),
        401: json('`error: invalid_client`: unknown client id, wrong secret, another carrier\'s credentials, or a carrier that takes no push tokens.', schemaRef('ErrorResponse')),
      },
    }),
  ];
}
