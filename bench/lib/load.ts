import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** 2xx responses. */
  ok: number;
}

export interface LoadOptions {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  durationSec: number;
  connections: number;
  /** Requests per second across all connections; absent: as fast as the server answers. */
  rate?: number;
}

/** One autocannon run against 127.0.0.1; POST with a JSON body. */
export function load(o: LoadOptions): Promise<LoadResult> {
  if (!new URL(o.url).hostname.startsWith('127.')) throw new Error('benchmarks only target 127.0.0.1');
  return new Promise((resolve, reject) => {
    autocannon({
      url: o.url, method: 'POST', body: JSON.stringify(o.body), headers: { 'content-type': 'application/json', ...o.headers },
      connections: o.connections, duration: o.durationSec, ...(o.rate ? { overallRate: o.rate } : {}),
    }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, ok: r['2xx'] });
    });
  });
}
