import { timingSafeEqual } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { ForbiddenError, HttpError, InvalidError, UnauthorizedError } from '@waybill/http';
import { admit, companyRoutes, failedAuthentication, refuseWhileLockedOut, type EdgeDeps } from '../routes/public.routes';
import type { Principal } from '../auth/authenticator';
import { SESSION_MAX_AGE_MS, SessionStore, type ConsoleSession } from './session.store';
import { CSRF_HEADER, overHttps, readSessionCookie, writeSessionCookie } from './session.cookie';
import { consoleAssets } from './console.assets';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * A state-changing request another site's page sent: the browser says so in Sec-Fetch-Site, and in an
 * Origin naming another host than the one addressed (directly, through a proxy, or PUBLIC_BASE_URL's).
 * Requests without either header (scripts, curl) are judged by the session and CSRF token alone.
 */
function crossSite(req: Request, publicBaseUrl?: string): boolean {
  const site = req.header('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.header('origin');
  if (origin === undefined) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true; // `Origin: null` (sandboxed frames, some redirects) and anything unparsable
  }
  const ours = [req.header('host'), req.header('x-forwarded-host'), publicBaseUrl ? new URL(publicBaseUrl).host : undefined];
  return !ours.includes(host);
}

/**
 * The web console: its page and assets (no credentials), a session endpoint that signs a Basic user
 * in, and `api/company/{slug}/…`, which is the public API itself (same routing, same tenant check,
 * same rate limits) with the session's principal instead of an Authorization header.
 */
export function consoleRoutes(deps: EdgeDeps, sessions: SessionStore, assetsDir: string, publicBaseUrl?: string): Router {
  const r = Router();
  r.use((req, _res, next) => {
    next(!SAFE_METHODS.has(req.method) && crossSite(req, publicBaseUrl) ? new ForbiddenError('Cross-site request refused.') : undefined);
  });

  async function session(req: Request): Promise<ConsoleSession> {
    const found = await sessions.find(readSessionCookie(req));
    if (!found) throw new UnauthorizedError('Not signed in, or the session has expired.');
    // SameSite=Strict already keeps the cookie off cross-site requests; the token is the second lock.
    if (!SAFE_METHODS.has(req.method) && !sameToken(req.header(CSRF_HEADER), found.csrfToken)) throw new ForbiddenError('Missing or wrong CSRF token.');
    return found;
  }

  r.post('/api/session', express.json({ limit: '16kb' }), async (req: Request, res: Response) => {
    const { username, password } = (req.body ?? {}) as { username?: unknown; password?: unknown };
    if (typeof username !== 'string' || typeof password !== 'string' || !username || !password) throw InvalidError.field(typeof username === 'string' && username ? 'password' : 'username', 'This field is required.');
    await refuseWhileLockedOut(deps, req);
    if (username.includes(':')) return failedAuthentication(deps, req, 'Wrong username or password.');
    const header = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    const principal = await deps.authenticator.authenticate(header, 'consignments');
    if (!principal) return failedAuthentication(deps, req, 'Wrong username or password.');
    const { cookie, csrfToken } = await sessions.create(principal);
    writeSessionCookie(res, cookie, SESSION_MAX_AGE_MS / 1000, overHttps(req, publicBaseUrl));
    res.status(201).json(view(principal, csrfToken));
  });
  r.get('/api/session', async (req: Request, res: Response) => {
    const s = await session(req);
    res.json(view(s, s.csrfToken));
  });
  r.delete('/api/session', async (req: Request, res: Response) => {
    await session(req);
    await sessions.delete(readSessionCookie(req)!);
    writeSessionCookie(res, '', 0, overHttps(req, publicBaseUrl));
    res.status(204).end();
  });
  r.use('/api/company/:company', companyRoutes(deps, async (req) => admit(deps, req, await session(req))));
  r.use(consoleAssets(assetsDir));
  // A 401 with `WWW-Authenticate: Basic` makes browsers open their own password prompt over the page.
  r.use((err: unknown, _req: Request, _res: Response, next: NextFunction) => {
    next(err instanceof UnauthorizedError ? new HttpError(401, err.detail) : err);
  });
  return r;
}

function view(p: Principal, csrfToken: string): object {
  return { company: p.company, user: p.principal.replace(/^user:/, ''), csrf_token: csrfToken };
}
