import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { parseWebhookUrl, resolveWebhookTarget, UrlRefusedError, type ResolvedAddress, type UrlPolicy } from '../security/url-guard';
import { ResponseHead } from './response-head';

export interface SendResult {
  /** A 2xx answer within the timeout. */
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseHead: string | null;
  error: string | null;
  /** From a 429's Retry-After. */
  retryAfterMs?: number;
}

export interface SendOptions {
  timeoutMs: number;
  policy: UrlPolicy;
}

// Keep-alive pools: a socket is reused only for the host it was opened to, after that host's check.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

/** Makes the connection go to the address the guard checked, whatever DNS answers a moment later. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

/**
 * One webhook POST: the URL is checked again (the operator's policy and DNS may have changed since
 * the endpoint was saved), redirects are not followed (a 3xx is a failure), and the whole exchange
 * (connect, answer, first 4 KiB of the body) must finish within the timeout.
 */
export async function sendWebhook(rawUrl: string, body: string, headers: Record<string, string>, opts: SendOptions): Promise<SendResult> {
  const started = Date.now();
  const failed = (error: string): SendResult => ({ ok: false, statusCode: null, latencyMs: Date.now() - started, responseHead: null, error });
  let url: URL;
  let target: ResolvedAddress | undefined;
  try {
    url = parseWebhookUrl(rawUrl, opts.policy);
    target = await withinMs(resolveWebhookTarget(url, opts.policy), opts.timeoutMs);
  } catch (err) {
    if (err instanceof UrlRefusedError) return failed(`refused: ${err.message}`);
    throw err;
  }
  if (!target) return failed(`no answer within ${opts.timeoutMs} ms (resolving the host)`);
  const pinned = target;
  const remainingMs = Math.max(1, started + opts.timeoutMs - Date.now());
  const payload = Buffer.from(body, 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    // Decided after the poll phase (setImmediate): if the process was busy when the timer came due, an
    // answer that had already arrived is read first instead of being counted as a timeout.
    const timer = setTimeout(() => setImmediate(() => {
      finish({ ok: false, statusCode: null, responseHead: null, error: `no answer within ${opts.timeoutMs} ms` });
      req.destroy();
    }), remainingMs);
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, latencyMs: Date.now() - started });
    };
    const req = client.request({
      protocol: url.protocol, hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port || undefined,
      path: `${url.pathname}${url.search}`, method: 'POST', agent: agents[url.protocol as 'http:' | 'https:'],
      lookup: pinnedLookup(pinned),
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length), 'user-agent': 'Waybill-Webhooks/1.0' },
    }, (res) => {
      const head = new ResponseHead(res);
      const status = res.statusCode ?? 0;
      const done = () => {
        const ok = status >= 200 && status < 300;
        finish({
          ok, statusCode: status, responseHead: head.text(), retryAfterMs: status === 429 ? parseRetryAfter(res.headers['retry-after']) : undefined,
          error: ok ? null : status >= 300 && status < 400 ? `redirect (${status}${res.headers.location ? ` to ${res.headers.location}` : ''}) not followed` : `answered ${status}`,
        });
      };
      res.on('data', (chunk: Buffer) => {
        // Only the start of the body is kept; a long one is cut off rather than read to the end.
        if (!head.add(chunk)) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('error', (err) => (settled ? undefined : finish({ ok: false, statusCode: status, responseHead: head.text(), error: `response failed: ${err.message}` })));
    });
    req.on('error', (err: NodeJS.ErrnoException) => finish({ ok: false, statusCode: null, responseHead: null, error: `request failed: ${err.code ?? err.message}` }));
    req.end(payload);
  });
}

/** The promise's value, or undefined if it takes longer than `ms` (DNS can hang for long). */
function withinMs<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; capped at a day. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), 86_400_000) : undefined;
}
