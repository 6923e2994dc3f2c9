import http from 'node:http';
import { signatureHeaders } from '@waybill/webhook-dispatcher/src/security/signing';

/** What the forwarder is given: where to send, what, and how many POSTs in flight per endpoint. */
export interface ForwardWork {
  targets: Array<{ url: string; secret: string }>;
  events: Array<{ id: string; body: string }>;
  perEndpoint: number;
}

/**
 * The baseline: what a webhook sender does with no guarantees at all. Bodies are signed the same way
 * and POSTed over keep-alive connections, with the same number in flight per endpoint, straight from
 * memory: no database, no queue, no retry state.
 */
export async function bareForward(
  targets: Array<{ url: string; secret: string }>, events: Array<{ id: string; body: string }>, perEndpoint: number,
  onPublished: (id: string) => void,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: perEndpoint * targets.length });
  const post = (url: string, id: string, body: string, secret: string) => new Promise<void>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...signatureHeaders(id, body, [secret]) } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode && res.statusCode < 300 ? resolve() : reject(new Error(`answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
  for (const e of events) onPublished(e.id);
  await Promise.all(targets.map(async (t) => {
    let next = 0;
    await Promise.all(Array.from({ length: perEndpoint }, async () => {
      while (next < events.length) {
        const e = events[next++];
        await post(t.url, e.id, e.body, t.secret);
      }
    }));
  }));
  agent.destroy();
}
