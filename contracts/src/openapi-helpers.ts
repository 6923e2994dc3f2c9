// Small builders so that an endpoint is one `operation({...})` entry in openapi-paths.ts.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Obj = Record<string, unknown>;

export interface OperationDef {
  method: HttpMethod;
  /** Full path; `{name}` segments become path parameters from `pathParameters`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Obj[];
  requestBody?: Obj;
  /** Success responses; error responses come from `errors`. */
  responses: Record<string, Obj>;
  /** Error statuses, each answered with the shared error response of that status. */
  errors?: ErrorStatus[];
  /** `[]` for endpoints that need no credentials; absent means the document's default. */
  security?: Obj[];
}

export const COMPANY_PREFIX = '/_api/v1/company/{company_slug}';

export const company = (path: string): string => `${COMPANY_PREFIX}${path}`;

export const schemaRef = (title: string): Obj => ({ $ref: `#/components/schemas/${title}` });

export const arrayOf = (title: string): Obj => ({ type: 'array', items: schemaRef(title) });

export function json(description: string, schema: Obj): Obj {
  return { description, content: { 'application/json': { schema } } };
}

export function query(name: string, schema: Obj, description: string): Obj {
  return { name, in: 'query', required: false, schema, description };
}

export function header(name: string, schema: Obj, description: string): Obj {
  return { name, in: 'header', required: false, schema, description };
}

/** Path parameters shared by every operation, by name. */
export const pathParameters: Record<string, Obj> = {
  company_slug: {
    name: 'company_slug', in: 'path', required: true, schema: { type: 'string' },
    description: 'The company. Credentials of another company answer 403, whether or not this slug exists.',
  },
  collection_id: {
    name: 'collection_id', in: 'path', required: true, schema: { type: 'string' },
    description: 'Collection identifier. One of another company answers 404.',
  },
  rule_id: {
    name: 'rule_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' },
    description: 'Delivery rule id. One of another company (or not a uuid) answers 404.',
  },
  rate_sheet_id: {
    name: 'rate_sheet_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' },
    description: 'Rate sheet id. One of another company (or not a uuid) answers 404.',
  },
  identifier: {
    name: 'identifier', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    description: 'Consignment identifier: the 32 lowercase hex characters Waybill generated, or the client\'s own identifier sent on create. One of another company answers 404.',
  },
  carrier_id: {
    name: 'carrier_id', in: 'path', required: true, schema: { type: 'string', examples: ['generic'] },
    description: 'The carrier\'s identifier, as `GET /carriers` lists it. An unknown one answers 401.',
  },
  tracking_number: {
    name: 'tracking_number', in: 'path', required: true, schema: { type: 'string', maxLength: 50 },
    description: 'A tracking number of the consignment, as the carrier issued it (any package\'s).',
  },
  unsubscribe_token: {
    name: 'unsubscribe_token', in: 'path', required: true, schema: { type: 'string', maxLength: 200 },
    description: 'The signed token of one shipping e-mail, from its List-Unsubscribe header or footer link. A token that does not verify answers 404.',
  },
  label_token: {
    name: 'label_token', in: 'path', required: true, schema: { type: 'string', maxLength: 1024 },
    description: 'The signed token of one return\'s label link, from the returns page\'s confirmation. One that does not verify answers 404; an expired one 410.',
  },
  document_id: {
    name: 'document_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' },
    description: 'The `document_id` of the proof-of-delivery webhook.',
  },
  manifest_id: {
    name: 'manifest_id', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{32}$' },
    description: 'Manifest identifier, as POST /manifest returned it. One of another company answers 404.',
  },
  account_id: {
    name: 'account_id', in: 'path', required: true, schema: { type: 'string' },
    description: 'Carrier account identifier, as created. One of another company answers 404.',
  },
  endpoint_id: {
    name: 'endpoint_id', in: 'path', required: true, schema: { type: 'string' },
    description: 'Webhook endpoint id. One of another company answers 404.',
  },
  event_id: {
    name: 'event_id', in: 'path', required: true, schema: { type: 'string' },
    description: 'The `event_id` of a webhook message. One of another company answers 404.',
  },
};

const error = (description: string, headers?: Obj): Obj => ({ ...json(description, schemaRef('ErrorResponse')), ...(headers && { headers }) });

/** Shared error responses (components.responses), keyed by status. */
export const errorResponses = {
  400: ['BadRequest', error('Invalid request. `detail` is "<field path>: <message>" of the first error; `errors` has them all. '
    + 'Also for JSON nested deeper than 64 levels, and for text holding U+0000 or an unpaired surrogate, which cannot be stored.')],
  401: ['Unauthorized', error('Missing or wrong credentials.', {
    'WWW-Authenticate': { description: 'Always `Basic`.', schema: { type: 'string' } },
  })],
  403: ['Forbidden', error('Valid credentials of another company.')],
  404: ['NotFound', error('Unknown resource, or one of another company. `detail` is "Not found."')],
  409: ['Conflict', error("The resource's state forbids the operation.")],
  413: ['PayloadTooLarge', error('Body over 5 MiB.')],
  415: ['UnsupportedMediaType', error('Body is not JSON.')],
  429: ['TooManyRequests', error('Rate limited: per credential per minute, and per client address after 30 failed authentications '
    + 'in a minute, until which passwords from that address are refused unchecked (API tokens still work).', {
    'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
  })],
  '5XX': ['ServerError', error('Unexpected failure; never caused by bad input. Carries `request_id`, never a stack trace.')],
} as const satisfies Record<string, readonly [string, Obj]>;

export type ErrorStatus = keyof typeof errorResponses;

/** Errors every authenticated company endpoint can answer. */
export const AUTH_ERRORS: ErrorStatus[] = [401, 403, 429, '5XX'];

export function operation(def: OperationDef): OperationDef {
  return def;
}

/**
 * An endpoint of one company: `path` is below COMPANY_PREFIX, and besides its own `errors` it answers the
 * authentication errors every company endpoint can (AUTH_ERRORS).
 */
export function companyOperation({ path, errors = [], ...def }: OperationDef): OperationDef {
  return operation({ ...def, path: company(path), errors: [...errors, ...AUTH_ERRORS] });
}

/**
 * A company-wide setting read whole with GET and replaced whole with PUT (`/service-aliases`, `/returns-policy`):
 * the same schema in, and out as stored.
 */
export function companySetting(o: {
  path: string; schema: string; tag: string; get: { operationId: string; summary: string; description: string; answer: string };
  put: { operationId: string; summary: string; description: string; body: string; answer: string };
}): OperationDef[] {
  return [
    companyOperation({
      method: 'get', path: o.path, operationId: o.get.operationId, tags: [o.tag], summary: o.get.summary, description: o.get.description,
      responses: { 200: json(o.get.answer, schemaRef(o.schema)) },
    }),
    companyOperation({
      method: 'put', path: o.path, operationId: o.put.operationId, tags: [o.tag], summary: o.put.summary, description: o.put.description,
      requestBody: { required: true, ...json(o.put.body, schemaRef(o.schema)) },
      responses: { 200: json(o.put.answer, schemaRef(o.schema)) },
      errors: [400, 413, 415],
    }),
  ];
}

/** Turns definitions into an OpenAPI `paths` object; refuses a path+method defined twice. */
export function buildPaths(defs: readonly OperationDef[]): Record<string, Record<string, Obj>> {
  const paths: Record<string, Record<string, Obj>> = {};
  for (const def of defs) {
    const item = (paths[def.path] ??= {});
    if (item[def.method]) throw new Error(`Duplicate operation ${def.method.toUpperCase()} ${def.path}`);
    const names = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const responses: Obj = { ...def.responses };
    for (const status of def.errors ?? []) responses[status] = { $ref: `#/components/responses/${errorResponses[status][0]}` };
    item[def.method] = {
      operationId: def.operationId, summary: def.summary, tags: def.tags,
      ...(def.description && { description: def.description }),
      parameters: [...names.map(pathParameter), ...(def.parameters ?? [])],
      ...(def.requestBody && { requestBody: def.requestBody }),
      responses,
      ...(def.security && { security: def.security }),
    };
  }
  return paths;
}

function pathParameter(name: string): Obj {
  if (!pathParameters[name]) throw new Error(`No definition for path parameter {${name}}; add it to pathParameters`);
  return { $ref: `#/components/parameters/${name}` };
}
