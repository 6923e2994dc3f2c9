import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { Request, Response } from 'express';
import { verifyInternalToken } from '@waybill/internal-auth';
import { logContext, type Logger } from '@waybill/logger';
import { context } from '@waybill/telemetry';
import { BODY_LIMIT, requestIdFrom, serviceNameOf } from './app';
import { sendJson } from './send-json';
import { errorMiddleware } from './error-middleware';
import { requireInternalAuth } from './internal-auth';
import { assertJsonDepth } from './json-depth';
import { observeRequest } from './observability';

/** Content types express.json reads as UTF-8 JSON with nothing to decide (no other charset, no parameters). */
const PLAIN_JSON = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

/** One request a service serves all day, as the gateway sends it. */
export interface HotRoute {
  method: 'GET' | 'POST';
  /** Matched against the whole URL (path and query); its first group is the company slug, which must need no decoding. */
  pattern: RegExp;
  /** Whatever else the request must be for the lane to take it (a header it must not carry, say). */
  admits?(req: IncomingMessage): boolean;
  /** POST: a JSON body is required (an empty one is left to express). GET: none may be sent. */
  handle(company: string, match: RegExpExecArray, body: unknown, req: IncomingMessage): Promise<unknown>;
}

export interface HotLaneOptions {
  routes: HotRoute[];
  logger: Logger;
  internalJwtSecret: string;
  audience: string;
  /** The service name of the request metrics and spans; by default the logger's, as `createApp` takes it. */
  service?: string;
}

/**
 * The operator's switch over every service's fast lane: `HOT_LANES=off` serves every request through
 * the express app alone, which has every rule and answers the same, to rule the lanes out while
 * diagnosing, and to measure what they are worth (bench/hot-lanes.bench.ts). Unset or `on`: the lanes
 * run. Read where each service builds the handler it listens with; any other value stops the process.
 */
export function hotLanesOn(env: Record<string, string | undefined> = process.env): boolean {
  const raw = env.HOT_LANES?.trim().toLowerCase();
  if (!raw || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`HOT_LANES must be "on" or "off", got "${env.HOT_LANES}"`);
}

interface Admitted { route: HotRoute; company: string; match: RegExpExecArray }

/**
 * A request of a hot route exactly as the gateway sends it, and nothing else: the method and path,
 * for a write a JSON body of known length within the limit, not compressed, and an internal token
 * valid for this service and the path's company. Decided from the head alone, before any byte of the
 * body is read, so a request that is not admitted reaches express untouched.
 */
function admit(req: IncomingMessage, o: HotLaneOptions): Admitted | null {
  let found: Admitted | null = null;
  for (const route of o.routes) {
    if (req.method !== route.method) continue;
    const match = route.pattern.exec(req.url ?? '');
    if (match && (route.admits?.(req) ?? true)) {
      found = { route, company: match[1], match };
      break;
    }
  }
  if (!found) return null;
  const h = req.headers;
  if (h['transfer-encoding'] !== undefined || h['content-encoding'] !== undefined) return null;
  const lengthText = h['content-length'];
  if (found.route.method === 'GET') {
    if (lengthText !== undefined && lengthText !== '0') return null;
  } else {
    if (lengthText === undefined || !/^\d{1,8}$/.test(lengthText)) return null;
    const length = Number(lengthText);
    // An empty body is express's `{}`, a larger one its 413: both are left to it.
    if (length === 0 || length > BODY_LIMIT) return null;
    if (!PLAIN_JSON.has((h['content-type'] ?? '').toLowerCase())) return null;
  }
  const auth = h.authorization;
  if (auth === undefined || !auth.startsWith('Bearer ')) return null;
  try {
    if (verifyInternalToken(o.internalJwtSecret, o.audience, auth.slice(7)).company !== found.company) return null;
  } catch {
    return null;
  }
  return found;
}

/** The body as express.json decodes it: UTF-8 through a StringDecoder, a leading byte-order mark dropped. */
function bodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const decoder = new StringDecoder('utf8');
    let text = '';
    const aborted = () => reject(Object.assign(new Error('request aborted'), { status: 400, expose: true, type: 'request.aborted' }));
    req.on('data', (chunk: Buffer) => { text += decoder.write(chunk); });
    req.on('end', () => {
      text += decoder.end();
      resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    });
    req.on('aborted', aborted);
    req.on('error', aborted);
  });
}

/**
 * A service's fast lane. Its hottest requests reach it through the gateway always in the same shape,
 * and express's routing, middleware chain and body parser cost several times the work itself; so those
 * are served straight from node:http, and every other request (and every hot one that is in any way
 * unusual, see `admit`) goes to the express app, which has every rule. The lane adds what the express
 * stack adds: the request id (header and log context), the request metrics and server span, the JSON
 * depth limit, and errors answered by the same error middleware.
 */
export function hotLane(o: HotLaneOptions, fallback: RequestListener): RequestListener {
  const answerError = errorMiddleware(o.logger);
  const authorise = requireInternalAuth(o.internalJwtSecret, o.audience);
  const service = o.service ?? serviceNameOf(o.logger);
  return (req, res) => {
    const admitted = admit(req, o);
    if (!admitted) {
      fallback(req, res);
      return;
    }
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    logContext.run({ request_id: requestId }, () => {
      const path = req.url!.split('?')[0];
      const observed = observeRequest(service, admitted.route.method, path, req.headers as Record<string, unknown>);
      res.on('finish', () => observed.done(res.statusCode));
      const shim = expressLike(req, res, requestId, admitted.company);
      context.with(observed.context, () => {
        serve(req, res, admitted, () => runMiddleware(authorise, shim))
          .catch((err) => answerError(err, shim.req, shim.res, () => {}))
          .catch((err) => {
            // Where express's final handler would step in: never an unhandled rejection.
            o.logger.error({ err, request_id: requestId }, 'could not answer an error');
            res.destroy();
          });
      });
    });
  };
}

/** In express's order: the body is parsed and its depth checked, then the token (again: it may have expired meanwhile), then the work. */
async function serve(req: IncomingMessage, res: ServerResponse, a: Admitted, authorise: () => void): Promise<void> {
  let body: unknown;
  if (a.route.method === 'POST') {
    const text = await bodyText(req);
    try {
      body = JSON.parse(text);
    } catch (err) {
      // What express.json hands the error middleware: JSON.parse's own message.
      throw Object.assign(err as Error, { status: 400, expose: true, type: 'entity.parse.failed' });
    }
    assertJsonDepth(body);
  }
  authorise();
  sendJson(res, await a.route.handle(a.company, a.match, body, req));
}

/** Runs an express middleware that ends by calling `next` at once, throwing what it passes on. */
function runMiddleware(mw: (req: Request, res: Response, next: (err?: unknown) => void) => void, shim: { req: Request; res: Response }): void {
  let failure: unknown;
  mw(shim.req, shim.res, (err) => { failure = err; });
  if (failure !== undefined) throw failure;
}

/**
 * The few parts of express's req and res that the shared middleware the lane reuses (internal auth,
 * the error middleware) read and call, over node's; `json` is express's `res.json`.
 */
function expressLike(req: IncomingMessage, res: ServerResponse, requestId: string, company: string): { req: Request; res: Response } {
  const shimRes = {
    get headersSent() { return res.headersSent; },
    locals: { requestId } as Record<string, unknown>,
    setHeader(name: string, value: string) { res.setHeader(name, value); return shimRes; },
    status(code: number) { res.statusCode = code; return shimRes; },
    json(value: unknown) { sendJson(res, value); return shimRes; },
    end() { res.end(); return shimRes; },
  };
  const shimReq = {
    method: req.method, originalUrl: req.url, params: { company },
    header: (name: string) => req.headers[name.toLowerCase()],
  };
  return { req: shimReq as unknown as Request, res: shimRes as unknown as Response };
}
