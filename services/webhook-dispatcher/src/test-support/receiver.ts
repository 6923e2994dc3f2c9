import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  at: number;
  /** What the receiver answered (undefined while it hangs). */
  status?: number;
}

/** What to answer: a status (and headers), or hang until the connection is dropped. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';
export type Behaviour = (req: Received, nth: number) => Answer;

/** A real HTTP receiver on 127.0.0.1 that records every webhook it gets. */
export interface Receiver {
  url: string;
  received: Received[];
  behave(b: Behaviour): void;
  /** Requests that it answered with a 2xx, by webhook-id. */
  successesById(): Map<string, number>;
  /** Verifies a request's signature with the Standard Webhooks reference library. */
  verify(r: Received, secret: string): unknown;
  inFlight(): number;
  peakInFlight(): number;
  close(): Promise<void>;
}

export async function startReceiver(behaviour: Behaviour = () => ({ status: 200 })): Promise<Receiver> {
  const received: Received[] = [];
  let current = behaviour;
  let inFlight = 0;
  let peak = 0;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try { json = JSON.parse(body); } catch { json = undefined; }
      const r: Received = { headers: req.headers, body, json, at: Date.now() };
      received.push(r);
      inFlight++;
      peak = Math.max(peak, inFlight);
      const answer = current(r, received.length);
      if (answer === 'hang') {
        hanging.add(res);
        res.on('close', () => { inFlight--; hanging.delete(res); });
        return;
      }
      r.status = answer.status;
      inFlight--;
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    behave: (b) => { current = b; },
    successesById: () => {
      const m = new Map<string, number>();
      for (const r of received) if (r.status && r.status < 300) m.set(String(r.headers['webhook-id']), (m.get(String(r.headers['webhook-id'])) ?? 0) + 1);
      return m;
    },
    verify: (r, secret) => new Webhook(secret).verify(r.body, {
      'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']),
    }),
    inFlight: () => inFlight,
    peakInFlight: () => peak,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
