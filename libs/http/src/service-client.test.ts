import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InternalTokenSigner } from '@waybill/internal-auth';
import { ServiceClient } from './service-client';

describe('ServiceClient', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ path: req.url, bearer: (req.headers.authorization ?? '').startsWith('Bearer ') }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const principal = { company: 'acme', principal: 'service:test' };
  const signer = new InternalTokenSigner('service-client-test-secret-0123456789');

  it('finds a peer added after it was built, as the one-process mode fills the map once services listen', async () => {
    const peers: Record<string, string> = {};
    const client = new ServiceClient(peers, signer);
    await expect(client.request('rules', 'GET', '/x', principal)).rejects.toMatchObject({ status: 503 });
    peers.rules = base;
    const res = await client.request<{ path: string; bearer: boolean }>('rules', 'GET', '/x', principal);
    expect([res.status, res.body]).toEqual([200, { path: '/x', bearer: true }]);
  });

  it('skips a replica that refuses the connection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = new ServiceClient({ rules: `${dead},${base}` }, signer);
    for (let i = 0; i < 3; i++) expect((await client.request('rules', 'GET', '/y', principal)).status).toBe(200);
  });
});
