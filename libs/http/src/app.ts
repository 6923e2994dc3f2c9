import express, { type Express, type Request, type RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { logContext, type Logger } from '@waybill/logger';
import { metricsHandler } from '@waybill/telemetry';
import { HttpError } from './errors';
import { observeRequests } from './observability';
import { jsonDepthLimit } from './json-depth';
import { isJsonRequest, jsonBodies } from './json-body';
import { refuseNullInUrl } from './null-in-url';

/** 5 MiB: the largest body any route reads (express's parsers and the fast lanes alike); over it, 413. */
export const BODY_LIMIT = 5 * 1024 * 1024;

/** The name of a service's request metrics and spans: the logger's `service` binding, else its name. */
export function serviceNameOf(logger: Logger): string {
  const bindings = logger.bindings() as { service?: string; name?: string };
  return bindings.service ?? bindings.name ?? 'unknown';
}

/** The caller's request id when it is a sane one (it goes into logs and headers), else a new one. */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
}

const requestIds: RequestHandler = (req, res, next) => {
  const id = requestIdFrom(req.headers['x-request-id']);
  res.locals.requestId = id;
  res.setHeader('x-request-id', id);
  logContext.run({ request_id: id }, next);
};

const isForm = (req: Request) => (req.header('content-type') ?? '').split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded';

/**
 * A body on a write must be JSON: anything else is a 415, before it reaches a handler. On `formPaths`
 * (OAuth token endpoints, whose requests are forms by their standard) a form passes to the route.
 */
const jsonOnly = (formPaths?: RegExp): RequestHandler => (req, _res, next) => {
  const hasBody = Number(req.header('content-length') ?? 0) > 0 || req.header('transfer-encoding') !== undefined;
  if (hasBody && ['POST', 'PUT', 'PATCH'].includes(req.method) && !isJsonRequest(req) && !(formPaths?.test(req.path) && isForm(req))) {
    next(new HttpError(415, `Unsupported media type "${req.header('content-type') ?? ''}" in request.`));
    return;
  }
  next();
};

/**
 * The express app every service starts from: request ids, a server span and request metrics,
 * `/metrics`, no `%00` in URLs, JSON bodies with a size and a depth limit, no banner.
 */
export function createApp(logger: Logger, opts: { json?: boolean; service?: string; formPaths?: RegExp } = {}): Express {
  const service = opts.service ?? serviceNameOf(logger);
  const app = express();
  app.locals.service = service;
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', false);
  app.set('strict routing', false);
  app.use(requestIds);
  app.use(observeRequests(service));
  app.get('/metrics', metricsHandler);
  app.use(refuseNullInUrl);
  app.use(jsonOnly(opts.formPaths));
  if (opts.json !== false) app.use(...jsonBodies(BODY_LIMIT), jsonDepthLimit);
  return app;
}
