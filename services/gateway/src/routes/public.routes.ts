import express, { Router, type Request, type Response } from 'express';
import type { InternalTokenSigner } from '@waybill/internal-auth';
import { BODY_LIMIT, ForbiddenError, HttpError, NotFoundError, Replicas, UnauthorizedError } from '@waybill/http';
import type { Authenticator, Principal, Realm } from '../auth/authenticator';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { forward, outgoingOf, type ProxyTarget } from '../proxy/proxy';
import { auditedChange } from '../audit/audit.actions';
import { recordWhenAnswered, type AuditDeps } from '../audit/audit.recorder';
import { clientAddress, serveAuditLog } from '../audit/audit.routes';

/** The consignments API answers under all three prefixes (older client libraries use the shorter ones). */
export const COMPANY_PREFIXES = ['/_api/v1/company/:company', '/api/v1/company/:company', '/v1/company/:company'];

/** First path segment after the company prefix → owning service. Later services add their segments here. */
export const CONSIGNMENTS_ROUTES: Record<string, string> = {
  carriers: 'consignment',
  carrierservices: 'consignment',
  warehouses: 'consignment',
  consignments: 'consignment',
  consignment: 'consignment',
  dashboard: 'consignment',
  'service-aliases': 'consignment',
  'returns-policy': 'consignment',
  retention: 'consignment',
  'delivery-rules': 'delivery-options',
  'delivery-settings': 'delivery-options',
  'rate-sheets': 'delivery-options',
  rates: 'delivery-options',
  manifest: 'manifest',
  webhooks: 'webhook-dispatcher',
  'tracking-page': 'tracking-ingest',
  'carrier-accounts': 'carrier-link',
  collections: 'carrier-link',
  'service-points': 'carrier-link',
  notifications: 'notifications',
};

/** Paths owned by another service than their first segment's; checked before CONSIGNMENTS_ROUTES. */
export const SPECIFIC_ROUTES: ReadonlyArray<{ pattern: RegExp; audience: string }> = [
  { pattern: /^\/consignment\/[^/]+\/documents$/, audience: 'documents' },
  { pattern: /^\/consignment\/[^/]+\/tracking$/, audience: 'tracking-ingest' },
  { pattern: /^\/consignment\/[^/]+\/carrier-calls$/, audience: 'carrier-link' },
  { pattern: /^\/consignment\/[^/]+\/notifications$/, audience: 'notifications' },
  { pattern: /^\/dashboard\/webhooks$/, audience: 'webhook-dispatcher' },
];

/** The service owning a company path (`/consignment/abc/documents` → documents), or undefined for none. */
export function audienceOf(rest: string): string | undefined {
  const specific = SPECIFIC_ROUTES.find((r) => r.pattern.test(rest));
  if (specific) return specific.audience;
  const segment = rest.split('/')[1] ?? '';
  return Object.hasOwn(CONSIGNMENTS_ROUTES, segment) ? CONSIGNMENTS_ROUTES[segment] : undefined;
}

export interface EdgeDeps {
  authenticator: Authenticator;
  limiter: RateLimiter;
  signer: InternalTokenSigner;
  /** audience → where its requests go, built once (see `proxyTargets`). */
  targets: Record<string, ProxyTarget>;
  /** Where changes are recorded and `/audit-log` is read (docs/operations.md#audit-log); without it nothing is recorded. */
  audit?: AuditDeps;
}

/** Reads the body as bytes (size-limited) so it can be forwarded exactly as sent. */
export const rawBody: express.RequestHandler = express.raw({ type: () => true, limit: BODY_LIMIT });

/**
 * Failed authentications allowed per client address and minute. Far below the request budget: an
 * integration with a wrong secret fails a handful of times, a credential-stuffing run thousands.
 */
export const AUTH_FAILURES_PER_MINUTE = 30;

export async function authorise(deps: EdgeDeps, req: Request, realm: Realm): Promise<Principal> {
  const header = req.header('authorization');
  // A password (API tokens are too long to guess) is checked against the address's failure budget
  // first, even one verified moments ago: a locked-out address must not tell a right guess from a wrong one.
  if (/^\s*basic\s/i.test(header ?? '')) await refuseWhileLockedOut(deps, req);
  const principal = await deps.authenticator.authenticate(header, realm);
  if (!principal) return failedAuthentication(deps, req, header ? 'Invalid credentials.' : 'Authentication credentials were not provided.');
  return admit(deps, req, principal);
}

const tooManyFailures = (retryAfter: number) => new HttpError(429, 'Too many failed authentication attempts.', {}, { 'Retry-After': String(retryAfter) });

/** Failed attempts are budgeted per client address, which is what stops credential stuffing. */
export async function failedAuthentication(deps: EdgeDeps, req: Request, detail: string): Promise<never> {
  const decision = await deps.limiter.hit(`fail:${req.ip}`, AUTH_FAILURES_PER_MINUTE);
  if (!decision.allowed) throw tooManyFailures(decision.retryAfter);
  throw new UnauthorizedError(detail);
}

/**
 * Refuses every attempt, right or wrong, from an address that has used up its failures: were a correct
 * guess still answered, the 429s would only slow a password search down, not stop it.
 */
export async function refuseWhileLockedOut(deps: EdgeDeps, req: Request): Promise<void> {
  const decision = await deps.limiter.peek(`fail:${req.ip}`, AUTH_FAILURES_PER_MINUTE);
  if (!decision.allowed) throw tooManyFailures(decision.retryAfter);
}

/** The answer past a credential's request budget (express's and the fast lane's). */
export const throttled = (retryAfter: number) => new HttpError(429, 'Request was throttled.', {}, { 'Retry-After': String(retryAfter) });

/** The tenant check and the per-principal budget, whichever way the principal was established. */
export async function admit(deps: EdgeDeps, req: Request, principal: Principal): Promise<Principal> {
  const company = String(req.params.company ?? principal.company);
  if (principal.company !== company) throw new ForbiddenError();
  const decision = await deps.limiter.hit(principal.principal);
  if (!decision.allowed) throw throttled(decision.retryAfter);
  return principal;
}

export function target(deps: EdgeDeps, audience: string): ProxyTarget {
  const t = deps.targets[audience];
  if (!t) throw new HttpError(503, `Service ${audience} is not available in this deployment.`);
  return t;
}

/** audience → base URL, or a comma-separated list of its replicas' base URLs. */
export function proxyTargets(services: Record<string, string>): Record<string, ProxyTarget> {
  const targets: Record<string, ProxyTarget> = {};
  for (const [audience, list] of Object.entries(services)) if (list) targets[audience] = { replicas: new Replicas(list), audience };
  return targets;
}

export function bodyOf(req: Request): Buffer | undefined {
  return Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
}

/**
 * The path forwarded to a service must stay inside the company's routes: a segment that decodes to `.`
 * or `..`, or that carries an encoded slash or backslash, could be normalised by the URL parser into a
 * different internal route, so such paths are refused outright.
 */
export function safePath(path: string): string {
  const rest = path.replace(/\/+$/, '');
  for (const raw of rest.split('/').slice(1)) {
    let seg: string;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      throw new NotFoundError();
    }
    if (seg === '.' || seg === '..' || /[\/\\]/.test(seg) || raw === '') throw new NotFoundError();
  }
  return rest;
}

/** The edge's own company route: the audit log lives in the gateway's schema, beside the credentials it names. */
export const AUDIT_LOG_PATH = '/audit-log';

/** How a request proves who sends it: the Authorization header for the API, a session for the console. */
export type PrincipalResolver = (req: Request) => Promise<Principal>;

/** `/…/company/{slug}/<segment>/…` → the owning service's `/companies/{slug}/<segment>/…`. */
export function companyRoutes(deps: EdgeDeps, resolve: PrincipalResolver = (req) => authorise(deps, req, 'consignments')): Router {
  const r = Router({ mergeParams: true });
  r.use(rawBody);
  r.use(async (req: Request, res: Response) => {
    const company = String(req.params.company);
    const principal = await resolve(req);
    const rest = safePath(req.path);
    if (rest === AUDIT_LOG_PATH && deps.audit) return serveAuditLog(deps.audit, company, req, res);
    const audience = audienceOf(rest);
    if (!audience) throw new NotFoundError();
    const change = deps.audit && auditedChange(req.method, rest);
    if (change) recordWhenAnswered(deps.audit!, res, change, principal, clientAddress(req.ip));
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const prefix = req.baseUrl;
    await forward(res, target(deps, audience), `/companies/${encodeURIComponent(company)}${rest}${query}`, principal, deps.signer, outgoingOf(req, res, prefix, bodyOf(req)));
  });
  return r;
}
