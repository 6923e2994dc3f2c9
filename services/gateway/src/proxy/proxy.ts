import http from 'node:http';
import type { Request, Response } from 'express';
import type { InternalTokenSigner } from '@waybill/internal-auth';
import type { Principal } from '../auth/authenticator';

/** Headers a service may need from the client; everything else (credentials included) stays at the edge. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'idempotency-key', 'accept', 'traceparent', 'tracestate', 'x-waybill-signature'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-length', 'allow', 'retry-after', 'idempotent-replayed', 'location', 'content-disposition', 'cache-control'];

export interface ProxyTarget {
  /** Service base URL, e.g. http://127.0.0.1:7101 */
  baseUrl: string;
  audience: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 30_000 });

/**
 * Forwards a request to a service with an internal JWT in place of the client's credentials. The raw
 * body bytes are passed through untouched (carrier signatures are computed over them).
 */
export function forward(
  req: Request, res: Response, target: ProxyTarget, path: string, principal: Principal, signer: InternalTokenSigner,
  publicPrefix: string, body: Buffer | undefined,
): Promise<void> {
  const url = new URL(path, target.baseUrl);
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
  return new Promise((resolve) => {
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
      if (!res.headersSent) {
        res.status(503).setHeader('Retry-After', '5').json({ detail: `Service temporarily unavailable (${target.audience}).`, request_id: res.locals.requestId });
      } else res.end();
      (req.app.locals.logger as { warn: (o: object, m: string) => void } | undefined)?.warn({ err, target: target.audience }, 'upstream request failed');
      resolve();
    });
    upstream.end(body);
  });
}
