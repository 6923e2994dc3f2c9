import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { InternalTokenSigner } from '@waybill/internal-auth';
import { forward, outgoingOf } from './proxy';
import { proxyTargets } from '../routes/public.routes';

/** Privileged ports nothing listens on here: connections are refused, as by a stopped replica. */
const [DOWN, ALSO_DOWN] = ['http://127.0.0.1:1', 'http://127.0.0.1:2'];

/** A service replica that answers with its name and what it received. */
async function replica(name: string, servers: http.Server[]): Promise<string> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ name, path: req.url, body: Buffer.concat(chunks).toString() })));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the gateway proxy with replicas', () => {
  const servers: http.Server[] = [];
  afterAll(async () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

  async function gateway(list: string): Promise<string> {
    const targets = proxyTargets({ consignment: list });
    const signer = new InternalTokenSigner('s');
    const app = express();
    app.use(express.raw({ type: () => true }));
    app.use(async (req, res) => {
      res.locals.requestId = 'r1';
      await forward(res, targets.consignment, req.url, { company: 'acme', principal: 'token:t' }, signer, outgoingOf(req, res, '', Buffer.isBuffer(req.body) && req.body.length ? req.body : undefined));
    });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('sends requests to the replicas in turn, skipping one that refuses, body and path intact', async () => {
    const base = await gateway(`${await replica('a', servers)},${DOWN},${await replica('c', servers)}`);
    const answers: Array<[number, { name: string; path: string; body: string }]> = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${base}/companies/acme/consignments?n=${i}`, { method: 'POST', body: `{"n":${i}}`, headers: { 'content-type': 'application/json' } });
      answers.push([res.status, (await res.json()) as { name: string; path: string; body: string }]);
    }
    expect(answers.map(([status, b]) => [status, b.name, b.path, b.body])).toEqual([
      [201, 'a', '/companies/acme/consignments?n=0', '{"n":0}'], [201, 'c', '/companies/acme/consignments?n=1', '{"n":1}'],
      [201, 'c', '/companies/acme/consignments?n=2', '{"n":2}'], [201, 'a', '/companies/acme/consignments?n=3', '{"n":3}'],
      [201, 'c', '/companies/acme/consignments?n=4', '{"n":4}'], [201, 'c', '/companies/acme/consignments?n=5', '{"n":5}'],
    ]);
  });

  it('answers 503 with detail when no replica accepts the connection', async () => {
    const base = await gateway(`${DOWN},${ALSO_DOWN}`);
    const res = await fetch(`${base}/companies/acme/consignments`);
    expect([res.status, res.headers.get('retry-after'), await res.json()]).toEqual([503, '5', { detail: 'Service temporarily unavailable (consignment).', request_id: 'r1' }]);
  });
});
