import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError } from './client-error';

/** Listens and resolves with the bound port (0 picks a free one, as the one-process mode does). */
export function listen(handler: RequestListener, port: number, host = '0.0.0.0'): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer(handler);
    server.listen(port, host, () => resolve({ server, port: (server.address() as AddressInfo).port }));
    server.keepAliveTimeout = 65_000;
    server.on('clientError', answerClientError);
    server.on('error', reject);
  });
}

/** Stops accepting connections and lets in-flight requests finish (graceful shutdown). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
  });
}
