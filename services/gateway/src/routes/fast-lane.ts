import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { BODY_LIMIT, observeRequest, requestIdFrom, sendJson, type HttpError } from '@waybill/http';
import type { Logger } from '@waybill/logger';
import { context } from '@waybill/telemetry';
import type { Principal, Realm } from '../auth/authenticator';
import { forward, type ProxyTarget } from '../proxy/proxy';
import { DELIVERY_OPTIONS_PREFIX } from './delivery-options.routes';
import { audienceOf, COMPANY_PREFIXES, throttled, type EdgeDeps } from './public.routes';
import { auditedChange } from '../audit/audit.actions';

/** The express mount paths up to the company segment: `/_api/v1/company/`, `/api/v1/company/`, `/v1/company/`. */
const COMPANY_BASES = COMPANY_PREFIXES.map((p) => p.replace(':company', ''));
const DELIVERY_OPTIONS_BASE = DELIVERY_OPTIONS_PREFIX.replace(':company', '');
/** Path segments the lane takes as they are: nothing to decode, no dot segments, nothing a parser could normalise. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.~-]*$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/** Where a request goes, worked out from its URL alone. */
interface Route {
  realm: Realm;
  company: string;
  /** The public prefix the client used, up to and including the company (`x-forwarded-prefix`). */
  prefix: string;
  target: ProxyTarget;
  /** The service's path, query included. */
  path: string;
}

/**
 * The segments after `base` (the company's first), or null when anything is unusual: at most one
 * trailing slash, every other segment plain (empty ones, `.` and `..` are for express to refuse).
 */
function plainSegments(path: string, base: string): string[] | null {
  const segments = path.slice(base.length).split('/');
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  return segments.length >= 2 && segments.every((s) => PLAIN_SEGMENT.test(s)) ? segments : null;
}

/** `/_api/v1/company/acme/consignment/abc/` → the consignments route; null when anything is unusual. */
function companyRoute(deps: EdgeDeps, method: string, path: string, query: string): Route | null {
  const base = COMPANY_BASES.find((p) => path.startsWith(p));
  const segments = base ? plainSegments(path, base) : null;
  if (!base || !segments) return null;
  const [company, ...restSegments] = segments;
  const rest = `/${restSegments.join('/')}`;
  // An audited change goes through express, which records it (docs/operations.md#audit-log); none of them is a hot call.
  if (deps.audit && auditedChange(method, rest)) return null;
  const audience = audienceOf(rest);
  const target = audience ? deps.targets[audience] : undefined;
  if (!target) return null;
  return { realm: 'consignments', company, prefix: `${base}${company}`, target, path: `/companies/${company}${rest}${query}` };
}

/** `/api/2.0.0/company/acme/delivery_options/` → the checkout route; null for anything else. */
function deliveryOptionsRoute(deps: EdgeDeps, path: string): Route | null {
  const segments = path.startsWith(DELIVERY_OPTIONS_BASE) ? plainSegments(path, DELIVERY_OPTIONS_BASE) : null;
  const target = deps.targets['delivery-options'];
  if (!segments || segments.length !== 2 || segments[1] !== 'delivery_options' || !target) return null;
  const company = segments[0];
  return { realm: 'delivery-options', company, prefix: `${DELIVERY_OPTIONS_BASE}${company}`, target, path: `/companies/${company}/delivery-options` };
}

/** The body length when the lane can take the body as express would (a JSON write, or any body that is no write), else null. */
function bodyLength(req: IncomingMessage): number | null {
  if (req.headers['transfer-encoding'] !== undefined) return null;
  const length = Number(req.headers['content-length'] ?? 0);
  if (!Number.isSafeInteger(length) || length < 0 || length > BODY_LIMIT) return null;
  if (length > 0 && WRITES.has(req.method ?? '')) {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') return null;
  }
  return length;
}

/** A principal that express would admit for this route without any error, or null. */
async function admitted(deps: EdgeDeps, req: IncomingMessage, route: Route): Promise<Principal | null> {
  const header = req.headers.authorization;
  // Basic credentials go through express: a password is first checked against the address's failure budget.
  if (!header || /^\s*basic\s/i.test(header)) return null;
  const principal = await deps.authenticator.authenticate(header, route.realm);
  return principal && principal.company === route.company ? principal : null;
}

function readBody(req: IncomingMessage, length: number): Promise<Buffer | undefined> {
  if (length === 0) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** An error answered as express's error middleware answers it. */
function answer(res: ServerResponse, err: HttpError): void {
  res.statusCode = err.status;
  for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
  sendJson(res, { detail: err.detail, ...err.extra });
}

/**
 * The edge's fast lane. The calls integrations make all day (a token or key, a JSON body, a plain path
 * to a known route) are proxied straight from node:http, without express's routing, body parsing and
 * middleware: at checkout and label-printing rates the gateway was costing as much CPU as the
 * services behind it. Anything out of the ordinary goes to the express app, which has every rule and
 * gives the canonical answer: Basic auth (lockout budget), a missing, wrong or other tenant's
 * credential, a path that needs decoding or normalising, a non-JSON write, a body without a length or
 * over the limit, an unknown route. The lane decides that before any side effect, so a request handed
 * over is handled by express exactly as if the lane did not exist. It adds what the express stack
 * adds: request id, request metrics, the server and proxy spans, the rate limit.
 */
export function fastLane(deps: EdgeDeps, fallback: RequestListener, logger: Logger): RequestListener {
  return (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q);
    const route = query.includes('%00') ? null : companyRoute(deps, req.method ?? 'GET', path, query) ?? deliveryOptionsRoute(deps, path);
    const length = route ? bodyLength(req) : null;
    if (!route || length === null) {
      fallback(req, res);
      return;
    }
    void admitted(deps, req, route).then(
      (principal) => (principal ? serve(deps, req, res, route, principal, length, path, logger) : fallback(req, res)),
      (err) => {
        logger.error({ err }, 'fast lane could not authenticate; handing over to express');
        fallback(req, res);
      },
    );
  };
}

async function serve(
  deps: EdgeDeps, req: IncomingMessage, res: ServerResponse, route: Route, principal: Principal, length: number, path: string, logger: Logger,
): Promise<void> {
  const requestId = requestIdFrom(req.headers['x-request-id']);
  res.setHeader('x-request-id', requestId);
  const method = req.method ?? 'GET';
  const observed = observeRequest('gateway', method, path, req.headers as Record<string, unknown>);
  res.on('finish', () => observed.done(res.statusCode));
  try {
    const decision = await deps.limiter.hit(principal.principal);
    if (!decision.allowed) {
      req.resume();
      answer(res, throttled(decision.retryAfter));
      return;
    }
    const body = await readBody(req, length);
    await context.with(observed.context, () => forward(res, route.target, route.path, principal, deps.signer, {
      method, clientHeaders: req.headers, requestId, forwardedProto: (req.socket as TLSSocket).encrypted ? 'https' : 'http', forwardedHost: req.headers.host ?? 'localhost',
      publicPrefix: route.prefix, body, logger,
    }));
  } catch (err) {
    logger.error({ err, request_id: requestId, method, url: req.url }, 'unhandled error');
    if (!res.headersSent) {
      res.statusCode = 500;
      sendJson(res, { detail: 'Internal server error.', request_id: requestId });
    } else res.end();
  }
}
