import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { InternalTokenSigner } from '@waybill/internal-auth';
import { sendJson, type Replicas } from '@waybill/http';
import { SpanKind, context, currentTraceCarrier, trace } from '@waybill/telemetry';
import type { Principal } from '../auth/authenticator';

/** Headers a service may need from the client; everything else (credentials included) stays at the edge. */
// traceparent/tracestate are not copied: the proxy's client span (a child of the client's trace) replaces them.
const FORWARDED_REQUEST_HEADERS = ['content-type', 'idempotency-key', 'accept', 'accept-language', 'x-waybill-signature'];
const FORWARDED_RESPONSE_HEADERS = [
  'content-type', 'content-length', 'allow', 'retry-after', 'idempotent-replayed', 'location', 'content-disposition', 'cache-control', 'cache-status',
  'www-authenticate', 'content-security-policy', 'x-content-type-options', 'content-language',
];

export interface ProxyTarget {
  /** The service's replicas (base URLs such as http://127.0.0.1:7101), taken in turn. */
  replicas: Replicas;
  audience: string;
}

/** What is forwarded of a client's request, whichever way it reached the gateway (express or the fast lane). */
export interface Outgoing {
  method: string;
  /** The client's headers: the few in FORWARDED_REQUEST_HEADERS are passed on. */
  clientHeaders: IncomingHttpHeaders;
  requestId: string;
  /** The scheme, host and path prefix the client used, so a service's links point where the client can follow them. */
  forwardedProto: string;
  forwardedHost: string;
  publicPrefix: string;
  /** The body's bytes exactly as sent (carrier signatures are computed over them). */
  body?: Buffer;
  /** Headers the edge itself sets for the service (not copied from the client), e.g. a carrier's own credentials. */
  extraHeaders?: Record<string, string>;
  logger?: { warn(o: object, m: string): void };
}

/** The forwarding of a request that came through express. */
export function outgoingOf(req: Request, res: Response, publicPrefix: string, body: Buffer | undefined): Outgoing {
  return {
    method: req.method, clientHeaders: req.headers, requestId: String(res.locals.requestId), forwardedProto: req.protocol,
    forwardedHost: req.header('host') ?? 'localhost', publicPrefix, body, logger: req.app.locals.logger as Outgoing['logger'],
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 30_000 });

/**
 * Forwards a request to a service with an internal JWT in place of the client's credentials. Replicas
 * are taken in turn; one that refuses the connection is skipped for the next.
 */
export function forward(res: ServerResponse, target: ProxyTarget, path: string, principal: Principal, signer: InternalTokenSigner, o: Outgoing): Promise<void> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${signer.sign(target.audience, principal)}`,
    'x-request-id': o.requestId,
    'x-forwarded-proto': o.forwardedProto,
    'x-forwarded-host': o.forwardedHost,
    'x-forwarded-prefix': o.publicPrefix,
  };
  for (const h of FORWARDED_REQUEST_HEADERS) {
    const v = o.clientHeaders[h];
    if (typeof v === 'string') headers[h] = v;
  }
  Object.assign(headers, o.extraHeaders);
  if (o.body) headers['content-length'] = String(o.body.length);
  const span = trace.getTracer('gateway').startSpan(`proxy ${target.audience}`, {
    kind: SpanKind.CLIENT, attributes: { 'peer.service': target.audience, 'http.request.method': o.method },
  });
  Object.assign(headers, currentTraceCarrier(trace.setSpan(context.active(), span)));
  return send(res, target, path, headers, o, target.replicas.next(), 0).finally(() => span.end());
}

/** Host and port of each replica's base URL, parsed once (a URL parse per proxied request showed in profiles). */
const endpoints = new Map<string, { host: string; port: number }>();
function endpointOf(baseUrl: string): { host: string; port: number } {
  let e = endpoints.get(baseUrl);
  if (!e) {
    const u = new URL(baseUrl);
    if (u.protocol !== 'http:') throw new Error(`services are reached over http, not ${u.protocol} (${baseUrl})`);
    e = { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || 80) };
    endpoints.set(baseUrl, e);
  }
  return e;
}

function send(res: ServerResponse, target: ProxyTarget, path: string, headers: Record<string, string>, o: Outgoing, first: number, attempt: number): Promise<void> {
  return new Promise((resolve) => {
    const { host, port } = endpointOf(target.replicas.url(first, attempt));
    const upstream = http.request({ host, port, path, method: o.method, headers, agent, timeout: 60_000 }, (up) => {
      res.statusCode = up.statusCode ?? 502;
      for (const h of FORWARDED_RESPONSE_HEADERS) {
        const v = up.headers[h];
        if (v !== undefined) res.setHeader(h, v);
      }
      up.pipe(res);
      up.on('end', resolve);
      up.on('error', () => resolve());
    });
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timed out')));
    upstream.on('error', (err) => {
      if (!res.headersSent && target.replicas.mayTryNext(err, attempt)) return resolve(send(res, target, path, headers, o, first, attempt + 1));
      if (!res.headersSent) {
        res.statusCode = 503;
        res.setHeader('Retry-After', '5');
        sendJson(res, { detail: `Service temporarily unavailable (${target.audience}).`, request_id: o.requestId });
      } else res.end();
      o.logger?.warn({ err, target: target.audience, request_id: o.requestId }, 'upstream request failed');
      resolve();
    });
    upstream.end(o.body);
  });
}
