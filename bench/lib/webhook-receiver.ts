import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A local webhook receiver that verifies every signature and notes when each event arrived verified. */
export interface VerifyingReceiver {
  url: string;
  /** event_id → time (ms) it was received and verified. */
  verifiedAt: Map<string, number>;
  failures: number;
  close(): Promise<void>;
}

/** `onVerified` sees every verified body with the time it arrived (a redelivery included). */
export async function verifyingReceiver(secret: () => string, onVerified?: (body: any, at: number) => void): Promise<VerifyingReceiver> {
  const verifiedAt = new Map<string, number>();
  const r = { failures: 0 };
  const server = http.createServer({ keepAliveTimeout: 30_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = new Webhook(secret()).verify(Buffer.concat(chunks).toString('utf8'), {
          'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']),
          'webhook-signature': String(req.headers['webhook-signature']),
        }) as { event_id: string };
        const at = performance.now();
        if (!verifiedAt.has(body.event_id)) verifiedAt.set(body.event_id, at);
        onVerified?.(body, at);
        res.writeHead(204).end();
      } catch {
        r.failures++;
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    verifiedAt,
    get failures() { return r.failures; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
