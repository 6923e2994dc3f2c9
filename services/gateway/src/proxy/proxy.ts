import http from 'node:http';
import type { Request, Response } from 'express';
import type { InternalTokenSigner } from '@waybill/internal-auth';
import type { Replicas } from '@waybill/http';
import { SpanKind, context, currentTraceCarrier, trace } from '@waybill/telemetry';
import type { Principal } from '../auth/authenticator';

/** Headers a service may need from the client; everything else (credentials included) stays at the edge. */
// traceparent/tracestate are not copied: the proxy's client span (a child of the client's trace) replaces them.
const FORWARDED_REQUEST_HEADERS = ['content-type', 'idempotency-key', 'accept', 'x-waybill-signature'];
const FORWARDED_RESPONSE_HEADERS = [
  'content-type', 'content-length', 'allow', 'retry-after', 'idempotent-replayed', 'location', 'content-disposition', 'cache-control',
  'www-authenticate', 'content-security-policy', 'x-content-type-options',
];

export interface ProxyTarget {
  /** The service's replicas (base URLs such as http://127.0.0.1:7101), taken in turn. */
  replicas: Replicas;
  audience: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 30_000 });

/**
 * Forwards a request to a service with an internal JWT in place of the client's credentials. The raw
 * body bytes are passed through untouched (carrier signatures are computed over them). Replicas are
 * taken in turn; one that refuses the connection is skipped for the next.
 */
export function forward(
  req: Request, res: Response, target: ProxyTarget, path: string, principal: Principal, signer: InternalTokenSigner,
  publicPrefix: string, body: Buffer | undefined,
): Promise<void> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${signer.sign(target.audience, principal)}`,
    'x-request-id': String(res.locals.requestId),
    'x-forwarded-proto': req.protocol,
    'x-forwarded-host': req.header('host') ?? 'localhost',
    'x-forwarded-prefix': publicPrefix,
  };
  for (const h of FORWARDED_REQUEST_HEADERS) {
    const v = req.header(h);
    if (v !== undefined) headers[h] = v;
  }
  if (body) headers['content-length'] = String(body.length);
  const span = trace.getTracer('gateway').startSpan(`proxy ${target.audience}`, {
    kind: SpanKind.CLIENT, attributes: { 'peer.service': target.audience, 'http.request.method': req.method },
  });
  Object.assign(headers, currentTraceCarrier(trace.setSpan(context.active(), span)));
  return send(req, res, target, path, headers, body, target.replicas.next(), 0).finally(() => span.end());
}

function send(
  req: Request, res: Response, target: ProxyTarget, path: string, headers: Record<string, string>, body: Buffer | undefined,
  first: number, attempt: number,
): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(path, target.replicas.url(first, attempt));
    const upstream = http.request(url, { method: req.method, headers, agent, timeout: 60_000 }, (up) => {
      res.status(up.statusCode ?? 502);
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
      if (!res.headersSent && target.replicas.mayTryNext(err, attempt)) return resolve(send(req, res, target, path, headers, body, first, attempt + 1));
      if (!res.headersSent) {
        res.status(503).setHeader('Retry-After', '5').json({ detail: `Service temporarily unavailable (${target.audience}).`, request_id: res.locals.requestId });
      } else res.end();
      (req.app.locals.logger as { warn: (o: object, m: string) => void } | undefined)?.warn({ err, target: target.audience }, 'upstream request failed');
      resolve();
    });
    upstream.end(body);
  });
}
