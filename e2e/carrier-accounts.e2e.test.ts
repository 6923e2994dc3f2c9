import { spawn } from 'node:child_process';
import { client } from './support/client';
import { ROOT } from './support/processes';
import { availableModes, E2E_DATA_ENCRYPTION_KEY, type Stack } from './support/stack';
import { OTHER, stackWithTwoCompanies } from './support/tenants';

/** A UPS developer-portal app the UPS double knows (client id and secret) and its shipper number. */
const UPS = { clientId: 'e2e-ups-client-7Q2F', clientSecret: 'e2e-ups-secret-9XKD', accountNumber: 'E2E9W4' };
const upsAccount = (over: Record<string, unknown> = {}) => ({
  carrier: 'ups', name: 'UPS main', test_mode: true,
  credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber }, ...over,
});
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe.each(availableModes())('carrier accounts through the gateway (%s)', (mode) => {
  let stack: Stack;
  let cleanup: () => void;
  let api: ReturnType<typeof client>;
  let other: ReturnType<typeof client>;
  let account: any;
  let webhook: { client_id: string; client_secret: string; token_url: string; webhook_url: string };
  beforeAll(async () => {
    ({ stack, cleanup } = await stackWithTwoCompanies(mode, {}));
    stack.carriers.ups.addClient(UPS);
    api = client(stack);
    other = client({ ...stack, creds: OTHER });
  });
  afterAll(async () => {
    await stack?.stop();
    cleanup?.();
  });

  it('runs carrier-link as part of the platform: the gateway is ready only with it', async () => {
    const ready = await api.get('/readyz', { auth: 'none' });
    expect(ready.status).toBe(200);
    expect(ready.body.checks['service:carrier-link']).toBe('ok');
    if (stack.processUrls) {
      expect((await fetch(`${stack.processUrls['carrier-link']}/readyz`)).status).toBe(200);
      expect(await (await fetch(`${stack.processUrls['carrier-link']}/healthz`)).json()).toMatchObject({ status: 'ok', service: 'carrier-link' });
    }
  });

  it("describes each carrier's credential keys, under every prefix, with or without the trailing slash", async () => {
    for (const prefix of ['/_api/v1', '/api/v1', '/v1']) {
      for (const slash of ['', '/']) {
        const res = await api.get(`${prefix}/company/${stack.creds.company}/carrier-accounts/credential-keys${slash}`, { auth: slash ? 'basic' : 'token' });
        expect([prefix, slash, res.status]).toEqual([prefix, slash, 200]);
        expect(res.body.map((c: any) => c.carrier)).toEqual(['ups', 'royalmail', 'dhl_express']);
      }
    }
    const ups = (await api.get('/carrier-accounts/credential-keys')).body[0];
    expect(ups.keys.map((k: any) => [k.name, k.required, k.secret])).toEqual([['client_id', true, false], ['client_secret', true, true], ['account_number', true, false]]);
  });

  it("documents the carrier accounts in /openapi.json with each carrier's keys, as the credential-keys API gives them", async () => {
    const doc = (await api.get('/openapi.json', { auth: 'none' })).body;
    const declared = (await api.get('/carrier-accounts/credential-keys')).body;
    for (const c of declared) {
      const schema = doc.components.schemas[`CarrierCredentials.${c.carrier}`];
      expect([c.carrier, Object.keys(schema.properties)]).toEqual([c.carrier, c.keys.map((k: any) => k.name)]);
      expect(schema.required).toEqual(c.keys.filter((k: any) => k.required).map((k: any) => k.name));
    }
    for (const path of ['/carrier-accounts', '/carrier-accounts/{account_id}', '/carrier-accounts/{account_id}/check']) {
      expect(doc.paths[`/_api/v1/company/{company_slug}${path}`]).toBeDefined();
    }
    expect(doc.paths['/ingest/v1/carriers/{carrier_id}/oauth/token'].post).toBeDefined();
  });

  it('adds a UPS account that UPS (the double) accepts: masked everywhere, webhook credentials in full once', async () => {
    const created = await api.post('/carrier-accounts/', upsAccount(), { auth: 'basic' });
    expect(created.status).toBe(201);
    account = created.body;
    webhook = account.webhook_credentials;
    expect(account).toMatchObject({
      carrier: 'ups', name: 'UPS main', test_mode: true, enabled: true, booking_label_format: 'pdf', last_check: null,
      credentials: { client_id: '****7Q2F', client_secret: '****9XKD', account_number: '****E9W4' },
    });
    expect(webhook).toMatchObject({ client_id: expect.stringMatching(/^wbk_/), client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(webhook.token_url).toMatch(/\/ingest\/v1\/carriers\/ups\/oauth\/token$/);

    const check = await api.post(`/carrier-accounts/${account.identifier}/check`, undefined);
    expect([check.status, check.body]).toEqual([200, { ok: true }]);
    const list = await api.get('/carrier-accounts');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ identifier: account.identifier, last_check: expect.objectContaining({ ok: true }) })]);
    expect(list.body[0].webhook_credentials.client_secret).toBe(`****${webhook.client_secret.slice(-4)}`);
    for (const text of [list.text, (await api.get(`/v1/company/${stack.creds.company}/carrier-accounts/${account.identifier}/`)).text]) {
      for (const value of [UPS.clientId, UPS.clientSecret, UPS.accountNumber, webhook.client_secret]) expect(text).not.toContain(value);
    }
    expect(stack.carriers.ups.violations).toEqual([]);
  });

  it('answers check {"ok": false} with UPS\'s message for wrong credentials, and PATCH changes only what it names', async () => {
    const id = account.identifier;
    const wrong = await api.patch(`/carrier-accounts/${id}`, { credentials: { client_secret: 'not-the-right-one-ZZ99' } });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ name: 'UPS main', credentials: { client_id: '****7Q2F', client_secret: '****ZZ99', account_number: account.credentials.account_number } });
    const check = await api.post(`/api/v1/company/${stack.creds.company}/carrier-accounts/${id}/check/`, undefined, { auth: 'basic' });
    expect([check.status, check.body]).toEqual([200, { ok: false, detail: expect.stringMatching(/^UPS \d+: /) }]);
    expect((await api.get(`/carrier-accounts/${id}`)).body.last_check).toMatchObject({ ok: false, detail: check.body.detail });
    const renamed = await api.patch(`/carrier-accounts/${id}/`, { name: 'UPS EU', credentials: { client_secret: UPS.clientSecret } }, { auth: 'basic' });
    expect(renamed.body).toMatchObject({ name: 'UPS EU', test_mode: true, enabled: true, credentials: account.credentials });
    expect((await api.post(`/carrier-accounts/${id}/check`, undefined)).body).toEqual({ ok: true });
  });

  it('disables and enables the account', async () => {
    const id = account.identifier;
    expect((await api.patch(`/carrier-accounts/${id}`, { enabled: false })).body.enabled).toBe(false);
    expect((await api.get('/carrier-accounts')).body[0].enabled).toBe(false);
    expect((await api.patch(`/carrier-accounts/${id}`, { enabled: true })).body.enabled).toBe(true);
  });

  it.each([
    [{ client_id: 'x', client_secret: 'y' }, 'credentials.account_number: This field is required.'],
    [{ client_id: 'x', client_secret: 'y', account_number: 'z', password: 'p' }, 'credentials.password: Unknown credential key "password"; expected client_id, client_secret, account_number.'],
  ])('answers 400 naming a missing or unknown credential key (%#)', async (credentials, detail) => {
    const res = await other.post('/carrier-accounts', upsAccount({ credentials }));
    expect([res.status, res.body.detail]).toEqual([400, detail]);
    expect((await other.get('/carrier-accounts')).body).toEqual([]);
  });

  it("never shows one company's account to another", async () => {
    const id = account.identifier;
    expect((await other.get('/carrier-accounts')).body).toEqual([]);
    for (const res of [await other.get(`/carrier-accounts/${id}`), await other.patch(`/carrier-accounts/${id}`, { name: 'mine' }),
      await other.post(`/carrier-accounts/${id}/check`, undefined), await other.del(`/carrier-accounts/${id}`)]) {
      expect(res.status).toBe(404);
    }
    const crossed = await other.get(`/_api/v1/company/${stack.creds.company}/carrier-accounts`);
    expect(crossed.status).toBe(403);
    expect((await api.get('/carrier-accounts', { auth: 'none' })).status).toBe(401);
  });

  it('issues a UPS Track Alert push token through the gateway for the webhook credentials, form in, JSON out', async () => {
    const token = (authorization: string, form = 'grant_type=client_credentials', type = 'application/x-www-form-urlencoded', carrier = 'ups') =>
      fetch(`${stack.baseUrl}/ingest/v1/carriers/${carrier}/oauth/token`, { method: 'POST', headers: { authorization, 'content-type': type }, body: form });
    const ok = await token(basic(webhook.client_id, webhook.client_secret));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await ok.json()).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    const wrong = await token(basic(webhook.client_id, 'wrong'));
    expect([wrong.status, ((await wrong.json()) as any).error, wrong.headers.get('www-authenticate')]).toEqual([401, 'invalid_client', 'Basic realm="waybill-carrier-push"']);
    const grant = await token(basic(webhook.client_id, webhook.client_secret), 'grant_type=password');
    expect([grant.status, ((await grant.json()) as any).error]).toEqual([400, 'unsupported_grant_type']);
    const json = await token(basic(webhook.client_id, webhook.client_secret), '{"grant_type":"client_credentials"}', 'application/json');
    expect([json.status, ((await json.json()) as any).detail]).toEqual([400, expect.stringContaining('form')]);
    // UPS's webhook credentials buy nothing on another carrier's path.
    expect((await token(basic(webhook.client_id, webhook.client_secret), undefined, undefined, 'dhl_express')).status).toBe(401);
    expect((await fetch(`${stack.baseUrl}/ingest/v1/carriers/ups/oauth/token`)).status).toBe(405);
  });

  it('deletes the account: gone from the list and from reads', async () => {
    const id = account.identifier;
    expect((await api.del(`/carrier-accounts/${id}/`, { auth: 'basic' })).status).toBe(204);
    expect((await api.get(`/carrier-accounts/${id}`)).status).toBe(404);
    expect((await api.get('/carrier-accounts')).body).toEqual([]);
  });

  // The one-process demo holds its embedded database while it runs: the CLI works on it only while it is stopped.
  (mode === 'distributed' ? it : it.skip)('manages the same accounts with the admin CLI: add, list, check, disable, remove', async () => {
    // Not spawnSync: the carrier double answering the CLI's check runs in this process.
    const waybill = (args: string[], input?: string) => new Promise<{ status: number | null; stdout: string; stderr: string; json: any }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--enable-source-maps', 'infra/admin/dist/main.js', 'carrier-accounts', ...args], {
        cwd: ROOT, env: { ...process.env, DATABASE_URL: stack.databaseUrl, DATA_ENCRYPTION_KEY: E2E_DATA_ENCRYPTION_KEY, LOG_LEVEL: 'warn', ...stack.carriers.env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => { stdout += d; });
      child.stderr.on('data', (d) => { stderr += d; });
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr, json: status === 0 ? JSON.parse(stdout) : undefined }));
      child.stdin.end(input ?? '');
    });
    const company = stack.creds.company;
    const missing = await waybill(['add', company, '--carrier', 'ups', '--name', 'UPS CLI', '--credential', `client_id=${UPS.clientId}`]);
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining('credentials.account_number: This field is required.')]);
    // Secrets through standard input, out of the shell history.
    const added = await waybill(['add', company, '--carrier', 'ups', '--name', 'UPS CLI', '--credential', `account_number=${UPS.accountNumber}`, '--credentials-file', '-'],
      JSON.stringify({ client_id: UPS.clientId, client_secret: UPS.clientSecret }));
    expect([added.status, added.stderr]).toEqual([0, '']);
    expect(added.json).toMatchObject({ carrier: 'ups', name: 'UPS CLI', test_mode: true, enabled: true, credentials: { client_secret: '****9XKD' } });
    const id = added.json.identifier;
    expect((await api.get(`/carrier-accounts/${id}`)).body).toMatchObject({ name: 'UPS CLI', credentials: { client_id: '****7Q2F' } });
    const listed = await waybill(['list', company]);
    expect(listed.json.map((a: any) => a.identifier)).toEqual([id]);
    for (const value of [UPS.clientSecret, UPS.clientId]) expect(listed.stdout).not.toContain(value);
    expect((await waybill(['check', company, id])).json).toEqual({ ok: true });
    expect((await waybill(['disable', company, id])).json.enabled).toBe(false);
    expect((await api.get(`/carrier-accounts/${id}`)).body.enabled).toBe(false);
    expect((await waybill(['disable', company, id, '--enable'])).json.enabled).toBe(true);
    expect((await waybill(['remove', company, id])).json).toEqual({ removed: id });
    expect((await api.get('/carrier-accounts')).body).toEqual([]);
    expect((await waybill(['keys'])).json.map((c: any) => c.carrier)).toEqual(['ups', 'royalmail', 'dhl_express']);
  });
});
