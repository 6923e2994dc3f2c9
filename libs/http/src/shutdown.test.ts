import { request as httpRequest, Agent } from 'node:http';
import type { Server } from 'node:http';
import { createLogger } from '@waybill/logger';
import { createApp } from './app';
import { mountHealth } from './health';
import { closeServer, listen } from './server';
import { setDraining, shutdownTimeoutMs } from './shutdown';

/** GET over a given agent (keep-alive), with the status, the Connection header and the body. */
function get(port: number, path: string, agent?: Agent): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest({ port, path, agent, host: '127.0.0.1' }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    }).on('error', reject).end();
  });
}

describe('graceful shutdown of an HTTP server', () => {
  let server: Server;
  let port: number;
  let release: () => void;
  /** Resolves once /slow's handler holds its request: the signal that it is in flight. */
  let inFlight: Promise<void>;
  const agent = new Agent({ keepAlive: true });

  beforeEach(async () => {
    const app = createApp(createLogger('shutdown-test'));
    mountHealth(app, {});
    let arrived: () => void;
    inFlight = new Promise((resolve) => { arrived = resolve; });
    app.get('/slow', (_req, res) => {
      release = () => res.json({ done: true });
      arrived();
    });
    ({ server, port } = await listen(app, 0, '127.0.0.1'));
  });
  afterEach(() => {
    setDraining(false);
    server.closeAllConnections();
    server.close();
  });
  afterAll(() => agent.destroy());

  test('/readyz answers 503 as soon as the process drains, while /healthz stays 200', async () => {
    expect((await get(port, '/readyz')).status).toBe(200);
    setDraining(true);
    expect(await get(port, '/readyz')).toEqual(expect.objectContaining({ status: 503, body: expect.stringContaining('shutting down') }));
    expect((await get(port, '/healthz')).status).toBe(200);
  });

  test('an in-flight request finishes; new connections are refused; answers tell keep-alive clients to go', async () => {
    expect((await get(port, '/healthz', agent)).connection).toBe('keep-alive');
    const slow = get(port, '/slow', agent);
    await inFlight;
    let closed = false;
    const closing = closeServer(server, 10_000).then(() => { closed = true; });
    await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    expect(closed).toBe(false);
    release();
    expect(await slow).toEqual({ status: 200, connection: 'close', body: '{"done":true}' });
    await closing;
    expect(closed).toBe(true);
  });

  test('at the deadline the connections still open are cut and closing resolves', async () => {
    const slow = get(port, '/slow').catch((err: Error) => err);
    await inFlight;
    const started = Date.now();
    await closeServer(server, 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(String(await slow)).toMatch(/socket hang up|ECONNRESET/);
  });

  test('SHUTDOWN_TIMEOUT is seconds, 25 by default, and must be positive', () => {
    expect(shutdownTimeoutMs({})).toBe(25_000);
    expect(shutdownTimeoutMs({ SHUTDOWN_TIMEOUT: '2.5' })).toBe(2500);
    expect(() => shutdownTimeoutMs({ SHUTDOWN_TIMEOUT: '-1' })).toThrow(/SHUTDOWN_TIMEOUT/);
  });
});
