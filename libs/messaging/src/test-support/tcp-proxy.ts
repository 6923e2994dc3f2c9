import net from 'node:net';

/**
 * A TCP forwarder in front of a real server, for outage tests: `cut()` drops every connection and
 * refuses new ones (what clients see when a broker dies), `restore()` lets them through again. It
 * simulates an outage without stopping a server other tests share.
 */
export interface TcpProxy {
  port: number;
  /** Connection attempts turned away while cut: proof that clients kept trying. */
  readonly refused: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let up = true;
  let refused = 0;
  const server = net.createServer((client) => {
    if (!up) {
      refused++;
      return void client.destroy();
    }
    const upstream = net.connect(targetPort, targetHost);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', drop);
      s.on('close', drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const cut = () => {
    up = false;
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    get refused() { return refused; },
    cut,
    restore: () => { up = true; },
    close: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
