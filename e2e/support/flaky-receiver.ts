import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A receiver on 127.0.0.1 that answers 500 while `failing` is set, then 200: failures to recover from. */
export async function flakyReceiver(): Promise<{ url: string; failing: boolean; received: string[]; close(): Promise<void> }> {
  const state = { failing: true, received: [] as string[] };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.received.push(String(req.headers['webhook-id']));
      if (state.failing) res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is down');
      else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/flaky`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  });
}
