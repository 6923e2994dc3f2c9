import http from 'node:http';
import { percentile, runFixedRate } from './fixed-rate';

export interface OpenLoopResult { rps: number; p50: number; p99: number; failed: number }

/**
 * POSTs `body` at a fixed rate, evenly spaced and whatever earlier requests are doing (open loop),
 * over keep-alive connections of node:http (a cheap client, so the client's own cost barely shows in
 * the latency). Latency counts from each request's scheduled time. Only 127.0.0.1, bounded by `seconds`.
 */
export async function openLoopPost(url: string, body: unknown, headers: Record<string, string>, rate: number, seconds: number): Promise<OpenLoopResult> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error(`benchmarks only load 127.0.0.1, not ${target.hostname}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const payload = Buffer.from(JSON.stringify(body));
  const send = () => new Promise<number>((resolve, reject) => {
    const req = http.request({
      host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, timeout: 30_000,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
  try {
    const run = await runFixedRate(rate, seconds * 1000, send);
    const ok = run.results.filter((r) => r.value !== undefined && r.value >= 200 && r.value < 300);
    const latencies = run.results.map((r) => r.latencyMs);
    return { rps: ok.length / (run.elapsedMs / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed: run.results.length - ok.length };
  } finally {
    agent.destroy();
  }
}
