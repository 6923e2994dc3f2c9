import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Hook {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

/** A merchant's webhook receiver on 127.0.0.1: answers 200 and keeps what it got. */
export async function webhookReceiver(): Promise<{ url: string; hooks: Hook[]; verify(h: Hook, secret: string): unknown; close(): Promise<void> }> {
  const hooks: Hook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      hooks.push({ headers: req.headers, body, json: JSON.parse(body) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/waybill`,
    hooks,
    // The Standard Webhooks reference library, as a merchant would verify.
    verify: (h, secret) => new Webhook(secret).verify(h.body, {
      'webhook-id': String(h.headers['webhook-id']), 'webhook-timestamp': String(h.headers['webhook-timestamp']), 'webhook-signature': String(h.headers['webhook-signature']),
    }),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
