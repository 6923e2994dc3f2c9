import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InternalTokenSigner } from '@waybill/internal-auth';
import { Replicas, splitUrlList } from './replicas';
import { ServiceClient } from './service-client';
import { HttpError } from './errors';

/** Privileged ports nothing listens on here: connections are refused, as by a stopped replica. */
const [DOWN, ALSO_DOWN] = ['http://127.0.0.1:1', 'http://127.0.0.1:2'];
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });

describe('Replicas', () => {
  it('reads one URL or a comma-separated list, trimmed, without trailing slashes or blanks', () => {
    expect(splitUrlList('http://a:1/')).toEqual(['http://a:1']);
    expect(splitUrlList(' http://a:1/ , http://b:2,,')).toEqual(['http://a:1', 'http://b:2']);
    expect(new Replicas('http://a:1,http://b:2').urls).toEqual(['http://a:1', 'http://b:2']);
    expect(() => new Replicas(' , ')).toThrow('No service URL');
  });

  it('starts each request at the next replica in turn', () => {
    const r = new Replicas('http://a,http://b,http://c');
    const starts = Array.from({ length: 7 }, () => r.url(r.next(), 0));
    expect(starts).toEqual(['http://a', 'http://b', 'http://c', 'http://a', 'http://b', 'http://c', 'http://a']);
    const single = new Replicas('http://only');
    expect([single.url(single.next(), 0), single.url(single.next(), 0)]).toEqual(['http://only', 'http://only']);
  });

  it('moves on from a refused connection to the following replicas, once each, wrapping around', () => {
    const r = new Replicas('http://a,http://b,http://c');
    const first = 2;
    expect([0, 1, 2].map((attempt) => r.url(first, attempt))).toEqual(['http://c', 'http://a', 'http://b']);
    expect([r.mayTryNext(refused, 0), r.mayTryNext(refused, 1), r.mayTryNext(refused, 2)]).toEqual([true, true, false]);
  });

  it('retries nothing but a refused connection, and never with a single replica', () => {
    const r = new Replicas('http://a,http://b');
    for (const code of ['ECONNRESET', 'ETIMEDOUT', 'EPIPE', undefined]) expect(r.mayTryNext(Object.assign(new Error('x'), { code }), 0)).toBe(false);
    expect(r.mayTryNext(undefined, 0)).toBe(false);
    expect(new Replicas('http://a').mayTryNext(refused, 0)).toBe(false);
  });
});

describe('ServiceClient with replicas', () => {
  const servers: http.Server[] = [];
  const served: string[] = [];
  afterAll(async () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

  async function replica(name: string): Promise<string> {
    const server = http.createServer((req, res) => {
      served.push(name);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ name, auth: req.headers.authorization?.startsWith('Bearer ') }));
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const principal = { company: 'acme', principal: 'service:test' };

  it('spreads calls over the replicas and skips one that refuses connections', async () => {
    const client = new ServiceClient({ consignment: `${await replica('a')},${DOWN}/,${await replica('c')}` }, new InternalTokenSigner('s'));
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await client.request<{ name: string; auth: boolean }>('consignment', 'GET', '/x', principal));
    expect(answers.map((x) => [x.status, x.body.name, x.body.auth])).toEqual([
      [200, 'a', true], [200, 'c', true], [200, 'c', true], [200, 'a', true], [200, 'c', true], [200, 'c', true],
    ]);
    expect(served.length).toBe(6);
  });

  it('answers 503 when every replica refuses, and for a service it has no URL of', async () => {
    const client = new ServiceClient({ consignment: `${DOWN},${ALSO_DOWN}` }, new InternalTokenSigner('s'));
    const err = await client.request('consignment', 'POST', '/x', principal, { a: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect([err.status, err.message]).toEqual([503, expect.stringMatching(/^Service consignment is unavailable: .*ECONNREFUSED/)]);
    const none = await client.request('documents', 'GET', '/x', principal).catch((e) => e);
    expect([none.status, none.message]).toEqual([503, 'Service documents is not available in this deployment.']);
  });
});
