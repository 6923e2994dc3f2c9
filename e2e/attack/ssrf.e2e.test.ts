import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { openDatabase } from '@waybill/db';
import { eventually } from '@waybill/testing';
import { availableModes, startStack, type Stack } from '../support/stack';
import { client } from '../support/client';
import { webhookReceiver } from '../support/webhook-receiver';

/** A public address literal: accepted without DNS, never reached by these tests (nothing is delivered to it). */
const PUBLIC_HOOK = 'https://93.184.216.34/hook';
const refused = (why: RegExp) => new RegExp(`^url: Only public addresses are accepted: .*${why.source}`);

/** Targets that must never be saved, each with why the guard says it refuses it. */
const TARGETS: Array<[string, RegExp]> = [
  // Private, loopback, link-local and carrier-grade NAT IPv4.
  ['https://10.1.2.3/hook', /"10\.1\.2\.3" is a private address\.$/],
  ['https://172.16.0.1/hook', /private address/], ['https://172.31.255.255/hook', /private address/], ['https://192.168.0.1/hook', /private address/],
  ['https://127.0.0.1/hook', /"127\.0\.0\.1" is a loopback address\.$/], ['https://127.9.9.9:6379/', /loopback address/],
  ['https://0.0.0.0/hook', /unspecified address/],
  ['https://169.254.169.254/latest/meta-data/', /"169\.254\.169\.254" is a cloud metadata address\.$/], ['https://169.254.10.10/', /link-local address/],
  ['https://100.64.0.1/hook', /"100\.64\.0\.1" is a carrier-grade NAT address\.$/], ['https://100.127.255.254/', /carrier-grade NAT address/],
  // IPv6 forms, including IPv4 carried inside IPv6.
  ['https://[::1]/hook', /loopback address/], ['https://[::1]:5432/', /loopback address/], ['https://[::]/hook', /unspecified address/],
  ['https://[::ffff:127.0.0.1]/hook', /loopback address \(embedded in an IPv6 address\)/], ['https://[::ffff:7f00:1]/hook', /loopback address \(embedded/],
  ['https://[::ffff:192.168.0.1]/hook', /private address \(embedded/], ['https://[::ffff:169.254.169.254]/', /cloud metadata address \(embedded/],
  ['https://[64:ff9b::7f00:1]/', /loopback address \(embedded/], ['https://[2002:7f00:1::]/', /loopback address \(embedded/],
  ['https://[fd00::1]/hook', /unique-local address/], ['https://[fc00::1]/hook', /unique-local address/], ['https://[fd00:ec2::254]/', /cloud metadata address/],
  ['https://[fe80::1]/hook', /link-local address/], ['https://[fec0::1]/hook', /site-local address/],
  // Decimal, octal, hexadecimal and short IPv4 forms, which the URL parser turns into the dotted address.
  ['https://2130706433/', /loopback address/], ['https://0x7f.1/', /loopback address/], ['https://0177.0.0.1/', /loopback address/],
  ['https://0x7f000001/', /loopback address/], ['https://017700000001/', /loopback address/], ['https://127.1/', /loopback address/],
  ['https://0/', /unspecified address/], ['https://3232235777/', /private address/], ['https://0xa9.0xfe.0xa9.0xfe/', /cloud metadata address/],
  ['https://0x0a.0.0.1/', /private address/], ['HTTPS://LOCALHOST/hook', /loopback address/],
  // Names that resolve to such addresses.
  ['https://localhost/hook', /"localhost" resolves to .*, a loopback address\.$/], ['https://localhost:8443/', /loopback address/],
];

/** Refused before any address is looked at: wrong scheme, credentials, junk. */
const MALFORMED: Array<[string, RegExp]> = [
  ['http://127.0.0.1:8080/hook', /^url: Only https:\/\/ URLs are accepted\.$/], ['http://2130706433/', /^url: Only https:/],
  ['http://0x7f.1/', /^url: Only https:/], ['http://0177.0.0.1/', /^url: Only https:/], ['http://93.184.216.34/hook', /^url: Only https:/],
  ['file:///etc/passwd', /^url: Only https:/], ['gopher://127.0.0.1:6379/_INFO', /^url: Only https:/], ['ftp://93.184.216.34/', /^url: Only https:/],
  ['javascript:alert(1)', /^url: Only https:/], ['data:text/plain,hi', /^url: Only https:/],
  ['https://93.184.216.34@127.0.0.1/', /^url: Credentials in the URL/], ['https://user:pw@93.184.216.34/hook', /^url: Credentials in the URL/],
  ['https://[fe80::1%25eth0]/', /^url: Enter a valid URL\.$/], ['https://', /^url: Enter a valid URL\.$/], ['//127.0.0.1/', /^url: Enter a valid URL\.$/],
];

/**
 * Attack drill: server-side request forgery through webhook URLs, against the guard as it runs in
 * production (WEBHOOK_ALLOW_PRIVATE unset in distributed mode; the demo's default of 1 overridden in
 * one process). Every private, loopback, link-local, CGNAT, metadata and IPv6 form, in every IPv4
 * spelling and behind resolvable names, is refused on create and on update with 400 and `detail`.
 * Name rebinding between save and delivery and redirects are drilled with an injected resolver and a
 * local receiver in services/webhook-dispatcher (endpoints.int.test.ts, delivery.int.test.ts): a stack
 * with the guard on can reach no local receiver, which is the point of the guard.
 */
describe.each(availableModes())('SSRF through webhook URLs (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let endpoint = '';
  beforeAll(async () => {
    stack = await startStack(mode, mode === 'one-process' ? { WEBHOOK_ALLOW_PRIVATE: '0' } : {});
    api = client(stack);
    const created = await api.post('/webhooks/endpoints', { url: PUBLIC_HOOK });
    expect(created.status).toBe(201);
    endpoint = created.body.id;
  }, 180_000);
  afterAll(async () => stack?.stop());
  jest.setTimeout(120_000);

  async function expectRefused(url: string, detail: RegExp): Promise<void> {
    const created = await api.post('/webhooks/endpoints', { url });
    expect({ url, status: created.status, detail: created.body.detail }).toEqual({ url, status: 400, detail: expect.stringMatching(detail) });
    const patched = await api.call('PATCH', `/webhooks/endpoints/${endpoint}`, { body: { url } });
    expect({ url, status: patched.status, detail: patched.body.detail }).toEqual({ url, status: 400, detail: expect.stringMatching(detail) });
  }

  it.each(TARGETS)('refuses %s on create and on update', async (url, why) => expectRefused(url, refused(why)));

  it.each(MALFORMED)('refuses %s on create and on update', async (url, detail) => expectRefused(url, detail));

  it('refuses names of this machine and a trailing-dot localhost, whatever they resolve to here', async () => {
    const own = hostname();
    const addresses = await lookup(own, { all: true }).catch(() => []);
    // The machine's own name resolves to a loopback or private address (or not at all): never public.
    for (const url of [`https://${own}/hook`, 'https://localhost./hook', 'https://LocalHost/hook']) {
      const res = await api.post('/webhooks/endpoints', { url });
      expect({ url, addresses, status: res.status }).toEqual({ url, addresses, status: 400 });
      expect(res.body.detail).toMatch(/^url: (Only public addresses are accepted|The host .* could not be resolved)/);
    }
  });

  it('saved none of them: the only endpoint is the public one, unchanged', async () => {
    const list = await api.get('/webhooks/endpoints');
    expect(list.body).toEqual([expect.objectContaining({ id: endpoint, url: PUBLIC_HOOK, enabled: true })]);
  });

  if (mode === 'distributed') {
    it('checks the address again at delivery: a private URL that got into the database is never contacted', async () => {
      // As if saved while the operator allowed private targets, or written behind the API's back.
      const receiver = await webhookReceiver();
      const db = openDatabase<any>({ kind: 'pg', url: stack.databaseUrl! }, 'webhook_dispatcher');
      try {
        const created = await api.post('/webhooks/endpoints', { url: PUBLIC_HOOK });
        const target = receiver.url.replace('http:', 'https:');
        await db.db.updateTable('endpoints').set({ url: target }).where('id', '=', created.body.id).execute();
        const test = await api.post(`/webhooks/endpoints/${created.body.id}/test`, {});
        expect(test.status).toBe(202);
        const attempt = await eventually(async () => {
          const page = await api.get(`/webhooks/endpoints/${created.body.id}/attempts`);
          return page.body.results.find((a: any) => a.event_id === test.body.event_id && a.outcome === 'failure');
        }, { what: 'the refused attempt', timeoutMs: 30_000 });
        expect(attempt).toMatchObject({ status_code: null, error: expect.stringMatching(/^refused: Only public addresses are accepted: "127\.0\.0\.1" is a loopback address\.$/) });
        expect(receiver.hooks).toEqual([]);
        await api.del(`/webhooks/endpoints/${created.body.id}`);
      } finally {
        await db.close();
        await receiver.close();
      }
    });
  }
});
