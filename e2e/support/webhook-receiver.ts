import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Hook {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  /** Arrival time (ms since the epoch). */
  at: number;
  /** Whether the signature verified on arrival, once `verifyOnArrival` named the secret. */
  verified?: boolean;
}

/** A merchant's webhook receiver on 127.0.0.1: answers 200 and keeps what it got. */
export interface WebhookReceiver {
  url: string;
  hooks: Hook[];
  verify(h: Hook, secret: string): unknown;
  /**
   * Checks each webhook's signature as it arrives, as a merchant does: the reference library also
   * refuses timestamps more than five minutes old, so a long run cannot verify them all at the end.
   */
  verifyOnArrival(secret: string): void;
  /** Down (connections refused, as a receiver that crashed) or back up on the same address. */
  pause(down: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function webhookReceiver(): Promise<WebhookReceiver> {
  const hooks: Hook[] = [];
  let arrivalSecret: string | undefined;
  const verify = (h: Hook, secret: string) => new Webhook(secret).verify(h.body, {
    'webhook-id': String(h.headers['webhook-id']), 'webhook-timestamp': String(h.headers['webhook-timestamp']), 'webhook-signature': String(h.headers['webhook-signature']),
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const hook: Hook = { headers: req.headers, body, json: JSON.parse(body), at: Date.now() };
      if (arrivalSecret) {
        try {
          verify(hook, arrivalSecret);
          hook.verified = true;
        } catch {
          hook.verified = false;
        }
      }
      hooks.push(hook);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const down = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}/waybill`,
    hooks,
    // The Standard Webhooks reference library, as a merchant would verify.
    verify,
    verifyOnArrival: (secret) => {
      arrivalSecret = secret;
    },
    pause: (isDown) => (isDown ? down() : new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))),
    close: () => (server.listening ? down() : Promise.resolve()),
  };
}
