import express, { Router, type Request, type Response } from 'express';
import type { InternalTokenSigner } from '@waybill/internal-auth';
import { BODY_LIMIT, ForbiddenError, HttpError, NotFoundError, UnauthorizedError } from '@waybill/http';
import type { Authenticator, Principal, Realm } from '../auth/authenticator';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { forward, type ProxyTarget } from '../proxy/proxy';

/** The consignments API answers under all three prefixes (older client libraries use the shorter ones). */
export const COMPANY_PREFIXES = ['/_api/v1/company/:company', '/api/v1/company/:company', '/v1/company/:company'];

/** First path segment after the company prefix → owning service. Later services add their segments here. */
export const CONSIGNMENTS_ROUTES: Record<string, string> = {
  carriers: 'consignment',
  carrierservices: 'consignment',
  warehouses: 'consignment',
  consignments: 'consignment',
  consignment: 'consignment',
  'delivery-rules': 'delivery-options',
  'delivery-settings': 'delivery-options',
  manifest: 'manifest',
};

/** Paths owned by another service than their first segment's; checked before CONSIGNMENTS_ROUTES. */
export const SPECIFIC_ROUTES: ReadonlyArray<{ pattern: RegExp; audience: string }> = [
  { pattern: /^\/consignment\/[^/]+\/documents$/, audience: 'documents' },
];

export interface EdgeDeps {
  authenticator: Authenticator;
  limiter: RateLimiter;
  signer: InternalTokenSigner;
  services: Record<string, string>;
}

/** Reads the body as bytes (size-limited) so it can be forwarded exactly as sent. */
export const rawBody = express.raw({ type: () => true, limit: BODY_LIMIT });

export async function authorise(deps: EdgeDeps, req: Request, realm: Realm): Promise<Principal> {
  const principal = await deps.authenticator.authenticate(req.header('authorization'), realm);
  if (!principal) {
    // Failed attempts are budgeted per client address, which is what stops credential stuffing.
    const decision = await deps.limiter.hit(`fail:${req.ip}`);
    if (!decision.allowed) throw new HttpError(429, 'Too many failed authentication attempts.', {}, { 'Retry-After': String(decision.retryAfter) });
    throw new UnauthorizedError(req.header('authorization') ? 'Invalid credentials.' : 'Authentication credentials were not provided.');
  }
  const company = String(req.params.company ?? principal.company);
  if (principal.company !== company) throw new ForbiddenError();
  const decision = await deps.limiter.hit(principal.principal);
  if (!decision.allowed) throw new HttpError(429, 'Request was throttled.', {}, { 'Retry-After': String(decision.retryAfter) });
  return principal;
}

export function target(deps: EdgeDeps, audience: string): ProxyTarget {
  const baseUrl = deps.services[audience];
  if (!baseUrl) throw new HttpError(503, `Service ${audience} is not available in this deployment.`);
  return { baseUrl, audience };
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

/** `/…/company/{slug}/<segment>/…` → the owning service's `/companies/{slug}/<segment>/…`. */
export function companyRoutes(deps: EdgeDeps): Router {
  const r = Router({ mergeParams: true });
  r.use(rawBody);
  r.use(async (req: Request, res: Response) => {
    const company = String(req.params.company);
    const principal = await authorise(deps, req, 'consignments');
    const rest = safePath(req.path);
    const segment = rest.split('/')[1] ?? '';
    const audience = SPECIFIC_ROUTES.find((r) => r.pattern.test(rest))?.audience ?? CONSIGNMENTS_ROUTES[segment];
    if (!audience) throw new NotFoundError();
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const prefix = req.baseUrl;
    await forward(req, res, target(deps, audience), `/companies/${encodeURIComponent(company)}${rest}${query}`, principal, deps.signer, prefix, bodyOf(req));
  });
  return r;
}
