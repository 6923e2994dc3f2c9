import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { Request, Response } from 'express';
import { assertJsonDepth, errorMiddleware, observeRequest, requestIdFrom, requireInternalAuth } from '@waybill/http';
import { verifyInternalToken } from '@waybill/internal-auth';
import { logContext, type Logger } from '@waybill/logger';
import { context } from '@waybill/telemetry';
import type { QuoteDeps } from './quote.deps';
import { deliveryOptions } from './delivery-options.service';

/** express.json's limit in the service apps (`BODY_LIMIT`, 5 MiB) in bytes: a larger body gets express's 413. */
const BODY_LIMIT_BYTES = 5 * 1024 * 1024;
/** The gateway's path for a checkout; a company slug that needs no decoding. Anything else is express's. */
const CHECKOUT_PATH = /^\/companies\/([A-Za-z0-9_-]+)\/delivery-options\/?$/;
/** Content types express.json reads as UTF-8 JSON with nothing to decide (no other charset, no parameters). */
const PLAIN_JSON = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

export interface CheckoutLaneOptions {
  quote: QuoteDeps;
  logger: Logger;
  internalJwtSecret: string;
  audience: string;
  /** The service name of the request metrics and spans, as the express app reports it. */
  service: string;
}

interface Admitted {
  company: string;
  path: string;
}

/**
 * The checkout request as the gateway sends it, and nothing else: POST to the exact path, a JSON body
 * of known length within the limit, not compressed, and an internal token valid for this service
 * and the path's company. Decided from the head alone, before any byte of the body is read, so a
 * request that is not admitted reaches express untouched.
 */
function admit(req: IncomingMessage, secret: string, audience: string): Admitted | null {
  if (req.method !== 'POST') return null;
  const m = CHECKOUT_PATH.exec(req.url ?? '');
  if (!m) return null;
  const h = req.headers;
  if (h['transfer-encoding'] !== undefined || h['content-encoding'] !== undefined) return null;
  const lengthText = h['content-length'];
  if (lengthText === undefined || !/^\d{1,8}$/.test(lengthText)) return null;
  const length = Number(lengthText);
  // An empty body is express's `{}`, a larger one its 413: both are left to it.
  if (length === 0 || length > BODY_LIMIT_BYTES) return null;
  if (!PLAIN_JSON.has((h['content-type'] ?? '').toLowerCase())) return null;
  const auth = h.authorization;
  if (auth === undefined || !auth.startsWith('Bearer ')) return null;
  try {
    if (verifyInternalToken(secret, audience, auth.slice(7)).company !== m[1]) return null;
  } catch {
    return null;
  }
  return { company: m[1], path: req.url! };
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

/** `res.json` of express for a POST (etag off): the same headers, in the same order and case. */
function sendJson(res: ServerResponse, value: unknown): void {
  const text = JSON.stringify(value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text, 'utf8'));
  res.end(text, 'utf8');
}

/**
 * The checkout's fast lane. Every checkout reaches this service through the gateway with the same
 * shape, and express's routing, middleware chain and body parser cost several times the quote itself;
 * so that request is served straight from node:http, and every other request (and every checkout
 * that is in any way unusual, see `admit`) goes to the express app, which has every rule. The lane
 * adds what the express stack adds: the request id (header and log context), the request metrics and
 * server span, the JSON depth limit, and errors answered by the same error middleware.
 */
export function checkoutLane(o: CheckoutLaneOptions, fallback: RequestListener): RequestListener {
  const answerError = errorMiddleware(o.logger);
  const authorise = requireInternalAuth(o.internalJwtSecret, o.audience);
  return (req, res) => {
    const admitted = admit(req, o.internalJwtSecret, o.audience);
    if (!admitted) {
      fallback(req, res);
      return;
    }
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    logContext.run({ request_id: requestId }, () => {
      const observed = observeRequest(o.service, 'POST', admitted.path, req.headers as Record<string, unknown>);
      res.on('finish', () => observed.done(res.statusCode));
      const shim = expressLike(req, res, requestId, admitted.company);
      context.with(observed.context, () => {
        serve(o.quote, req, res, admitted, () => runMiddleware(authorise, shim))
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

/** In express's order: the body is parsed and its depth checked, then the token (again: it may have expired meanwhile), then the quote. */
async function serve(deps: QuoteDeps, req: IncomingMessage, res: ServerResponse, admitted: Admitted, authorise: () => void): Promise<void> {
  const text = await bodyText(req);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    // What express.json hands the error middleware: JSON.parse's own message.
    throw Object.assign(err as Error, { status: 400, expose: true, type: 'entity.parse.failed' });
  }
  assertJsonDepth(body);
  authorise();
  sendJson(res, await deliveryOptions(deps, admitted.company, body));
}

/** Runs an express middleware that ends by calling `next` at once, throwing what it passes on. */
function runMiddleware(mw: (req: Request, res: Response, next: (err?: unknown) => void) => void, shim: { req: Request; res: Response }): void {
  let failure: unknown;
  mw(shim.req, shim.res, (err) => { failure = err; });
  if (failure !== undefined) throw failure;
}

/**
 * The few parts of express's req and res that the shared middleware the lane reuses (internal auth,
 * the error middleware) read and call, over node's; `json` is express's `res.json` for a POST.
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
