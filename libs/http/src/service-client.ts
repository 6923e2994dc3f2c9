import http from 'node:http';
import type { InternalPrincipal, InternalTokenSigner } from '@waybill/internal-auth';
import { SpanKind, currentTraceCarrier, inSpan } from '@waybill/telemetry';
import { HttpError } from './errors';
import { Replicas } from './replicas';

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

export interface ServiceResponse<T> {
  status: number;
  body: T;
}

/**
 * Calls another service's internal HTTP API with an internal JWT for that service's audience. A service
 * never imports another service's code; this is how it asks the owner. A peer given as a list of
 * replicas is called round-robin, skipping a replica that refuses the connection.
 */
export class ServiceClient {
  private readonly replicas = new Map<string, Replicas>();

  /** `peers` is read at call time: the one-process mode fills it in once every service listens. */
  constructor(private readonly peers: Record<string, string>, private readonly signer: InternalTokenSigner) {}

  private replicasOf(service: string): Replicas | undefined {
    const list = this.peers[service];
    if (!list) return undefined;
    let replicas = this.replicas.get(service);
    if (!replicas || replicas.list !== list) {
      replicas = new Replicas(list);
      this.replicas.set(service, replicas);
    }
    return replicas;
  }

  /** One client span per call; its context goes along as `traceparent`, so the callee's span is its child. */
  request<T = unknown>(service: string, method: string, path: string, principal: InternalPrincipal, body?: unknown, timeoutMs = 10_000): Promise<ServiceResponse<T>> {
    return inSpan('service-client', `${method} ${service}`, { kind: SpanKind.CLIENT, attributes: { 'peer.service': service, 'http.request.method': method } }, async (span) => {
      const res = await this.send<T>(service, method, path, principal, body, timeoutMs);
      span.setAttribute('http.response.status_code', res.status);
      return res;
    });
  }

  private async send<T>(service: string, method: string, path: string, principal: InternalPrincipal, body: unknown, timeoutMs: number): Promise<ServiceResponse<T>> {
    const replicas = this.replicasOf(service);
    if (!replicas) throw new HttpError(503, `Service ${service} is not available in this deployment.`);
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.signer.sign(service, principal)}`, accept: 'application/json', ...currentTraceCarrier(),
    };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const first = replicas.next();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.call<T>(service, new URL(path, replicas.url(first, attempt)), method, headers, payload, timeoutMs);
      } catch (err) {
        if (!replicas.mayTryNext(err, attempt)) throw new HttpError(503, `Service ${service} is unavailable: ${(err as Error).message}`);
      }
    }
  }

  private call<T>(service: string, url: URL, method: string, headers: Record<string, string>, payload: Buffer | undefined, timeoutMs: number): Promise<ServiceResponse<T>> {
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, agent, timeout: timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = undefined;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T });
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`${service} did not answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }
}
