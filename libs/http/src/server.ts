import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { answerClientError } from './client-error';
import { shutdownTimeoutMs } from './shutdown';

const closing = new WeakSet<Server>();
const openSockets = new WeakMap<Server, Set<Socket>>();

/** Listens and resolves with the bound port (0 picks a free one, as the one-process mode does). */
export function listen(handler: RequestListener, port: number, host = '0.0.0.0'): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer((req, res) => {
      // While the server closes, answers say `Connection: close`: keep-alive clients reconnect elsewhere.
      if (closing.has(server)) res.shouldKeepAlive = false;
      handler(req, res);
    });
    const sockets = new Set<Socket>();
    openSockets.set(server, sockets);
    server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    });
    server.listen(port, host, () => resolve({ server, port: (server.address() as AddressInfo).port }));
    server.keepAliveTimeout = 65_000;
    server.on('clientError', answerClientError);
    server.on('error', reject);
  });
}

/** The answers being written when closing starts: each still without headers will say `Connection: close`. */
function closeAfterAnswers(server: Server): void {
  for (const socket of openSockets.get(server) ?? []) {
    // node:http keeps the response a connection is serving on its socket.
    const res = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (res && !res.headersSent) res.shouldKeepAlive = false;
  }
}

/**
 * Graceful: stops accepting connections, closes idle keep-alive ones, lets in-flight requests finish and
 * resolves when the last has; at the deadline (SHUTDOWN_TIMEOUT) the connections still open are cut.
 */
export function closeServer(server: Server, deadlineMs = shutdownTimeoutMs()): Promise<void> {
  closing.add(server);
  closeAfterAnswers(server);
  return new Promise((resolve) => {
    // Connections idle after their last answer are closed as they become so.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), deadlineMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
