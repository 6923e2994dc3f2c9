import type { RequestHandler, Request, Response } from 'express';
import { verifyInternalToken, type InternalPrincipal } from '@waybill/internal-auth';
import { HttpError } from './errors';

/**
 * Services accept only requests carrying a valid internal JWT for their own audience; the company in
 * the token must match the company in the path, so a forged path cannot reach another tenant.
 */
export function requireInternalAuth(secret: string, audience: string): RequestHandler {
  return (req, res, next) => {
    const header = req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    try {
      res.locals.principal = verifyInternalToken(secret, audience, token);
    } catch {
      next(new HttpError(401, 'Missing or invalid internal token.'));
      return;
    }
    const company = req.params.company;
    if (company !== undefined && company !== (res.locals.principal as InternalPrincipal).company) {
      next(new HttpError(403, 'You do not have permission to perform this action.'));
      return;
    }
    next();
  };
}

export function principalOf(res: Response): InternalPrincipal {
  return res.locals.principal as InternalPrincipal;
}

/** The public origin and path prefix the client used, so links point where the client can follow them. */
export function publicPrefix(req: Request, publicBaseUrl?: string): string {
  const prefix = req.header('x-forwarded-prefix') ?? '';
  if (publicBaseUrl) return `${publicBaseUrl.replace(/\/$/, '')}${prefix}`;
  const proto = req.header('x-forwarded-proto') ?? req.protocol;
  const host = req.header('x-forwarded-host') ?? req.header('host') ?? 'localhost';
  return `${proto}://${host}${prefix}`;
}
