import { eventually, sendPush, trackingBody } from '@waybill/testing';
import { TestSmtpServer } from '../services/notifications/src/test-support/smtp';
import { client } from './support/client';
import { createConsignment } from './support/documents';
import { domesticConsignment } from './support/fixtures';
import { availableModes, startStack, type Stack } from './support/stack';

/**
 * docs/api/retention.md: a data subject's erasure through the gateway reaches every copy of the
 * recipient's personal data (the consignment, its labels, its tracking page, the carrier call log,
 * the shipping e-mails), cannot be undone, and is in the audit log with the retention setting's changes.
 */
const UPS = { clientId: 'e2e-retention-ups-client', clientSecret: 'e2e-retention-ups-secret-9Q2', accountNumber: 'E2ERT1' };
const GNXT = 'Generic Carrier|Generic Next Day GNXT';
const recipient = {
  name: 'Grace Hopper', company_name: 'Harvard Mark I', email_address: 'grace.hopper@example.org', contact_number: '07700 900456',
  tax_identifier: 'GB999888777', eori_number: 'GB999888777000',
  address: { address1: '10 Downing Street', address2: 'Flat 3', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
};
const PERSONAL = /Grace|Hopper|Harvard|grace\.hopper|900456|GB999888777|Downing|Flat 3|2AA/;
const parcel = { description: 'Books', weight: 2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', items: [{ name: 'Book', quantity: 1, value: 10 }] };
const now = () => new Date().toISOString().slice(0, 19);

describe.each(availableModes())('retention and erasure through the gateway (%s)', (mode) => {
  let stack: Stack;
  let smtp: TestSmtpServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    stack = await startStack(mode, { SMTP_URL: smtp.url, MAIL_FROM: 'Shipping <shipping@retention.example>' });
    stack.carriers.ups.addClient(UPS);
    api = client(stack);
    const account = await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', test_mode: true, credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber } });
    expect(account.status).toBe(201);
    await eventually(async () => ((await api.get('/carrierservices')).body as Array<{ identifier: string }>).some((s) => s.identifier === 'UPS|UPS Standard'),
      { timeoutMs: 20_000, what: 'UPS services in /carrierservices' });
    expect((await api.put('/notifications', { enabled: true })).status).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  it('keeps personal data 365 days until a PUT sets 30 to 3650; a bad value is a 400 naming the field', async () => {
    expect((await api.get('/retention')).body).toEqual({ personal_data_days: 365 });
    for (const bad of [{ personal_data_days: 7 }, { personal_data_days: 5000 }, { personal_data_days: 'a year' }, {}]) {
      const res = await api.put('/retention', bad);
      expect([res.status, res.body.detail]).toEqual([400, expect.stringMatching(/^personal_data_days/)]);
    }
    expect((await api.put('/retention', { personal_data_days: 90 }, { auth: 'basic' })).body).toEqual({ personal_data_days: 90 });
    expect((await api.get('/retention', { auth: 'basic' })).body).toEqual({ personal_data_days: 90 });
  });

  it('erases a booked consignment\'s recipient everywhere at once, for good, and records who did it', async () => {
    const booked = await createConsignment(api, domesticConsignment({ service_id: 'UPS|UPS Standard', recipient, packages: [parcel] }));
    expect([booked.current_status.status, booked.erased]).toEqual(['Allocated', false]);
    const label = await api.get(`/consignment/${booked.identifier}/documents`);
    expect(label.status).toBe(200);
    const calls = await eventually(async () => {
      const res = await api.get(`/consignment/${booked.identifier}/carrier-calls`);
      return res.body.results?.some((c: { operation: string }) => c.operation === 'book') ? res : undefined;
    }, { timeoutMs: 20_000, what: 'the booking call' });
    expect(calls.text).toMatch(PERSONAL);

    const mailed = await createConsignment(api, domesticConsignment({ service_id: GNXT, recipient }));
    const number = mailed.packages[0].tracking_number as string;
    const send = (events: Parameters<typeof trackingBody>[0]) => sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret, trackingBody(events));
    await eventually(async () => (await send({ [number]: [] })).body.unknown?.length === 0, { timeoutMs: 30_000, what: 'tracking number known' });
    expect((await send({ [number]: [{ status: 'IN_TRANSIT', carrier_code: 'IT', description: 'In transit', location: 'Leeds', timestamp: now() }] })).body.accepted).toBe(1);
    await eventually(async () => smtp.to(recipient.email_address).length === 1, { timeoutMs: 30_000, what: 'the shipping e-mail' });
    await eventually(async () => (await api.get(`/consignment/${mailed.identifier}/notifications`)).body.results?.[0]?.outcome === 'sent', { timeoutMs: 30_000, what: 'listed' });
    const page = new URL(mailed.tracking_url as string).pathname;
    expect((await fetch(`${stack.baseUrl}${page}`, { headers: { accept: 'application/json' } })).status).toBe(200);

    for (const c of [booked, mailed]) {
      const erased = await api.post(`/consignment/${c.identifier}/erase`, {});
      expect(erased.status).toBe(200);
      expect(erased.body).toMatchObject({
        identifier: c.identifier, order_number: c.order_number, erased: true,
        recipient: { name: '(erased)', email_address: null, contact_number: null, company_name: null, tax_identifier: null, eori_number: null,
          address: { address1: '(erased)', address2: null, city: 'London', postcode: 'SW1A', country: 'GB' } },
      });
      expect(erased.text).not.toMatch(PERSONAL);
      expect((await api.get(`/consignment/${c.identifier}`)).body).toEqual(erased.body);
      // Cannot be undone: erasing again answers the same.
      const again = await api.post(`/consignment/${c.identifier}/erase`, {}, { auth: 'basic' });
      expect([again.status, again.body]).toEqual([200, erased.body]);
      const documents = await api.get(`/consignment/${c.identifier}/documents`);
      expect([documents.status, documents.body.detail]).toEqual([409, expect.stringMatching(/erased/)]);
    }

    await eventually(async () => (await fetch(`${stack.baseUrl}${page}`, { headers: { accept: 'application/json' } })).status === 404, { timeoutMs: 30_000, what: 'the tracking page gone' });
    await eventually(async () => !PERSONAL.test((await api.get(`/consignment/${booked.identifier}/carrier-calls`)).text) || undefined, { timeoutMs: 30_000, what: 'the call log erased' });
    const callsAfter = (await api.get(`/consignment/${booked.identifier}/carrier-calls`)).body.results;
    expect(callsAfter.find((c: { operation: string }) => c.operation === 'book')).toMatchObject({ request: null, response: null, outcome: 'success' });
    await eventually(async () => (await api.get(`/consignment/${mailed.identifier}/notifications`)).body.results?.[0]?.to === '***', { timeoutMs: 30_000, what: 'the e-mail address erased' });
    expect((await api.get(`/consignment/${mailed.identifier}/notifications`)).text).not.toMatch(PERSONAL);

    const log = (await api.get('/audit-log')).body.results as Array<{ action: string; target: string | null; actor: string }>;
    const erasures = log.filter((e) => e.action === 'consignment.erased').map((e) => e.target);
    expect(erasures.sort()).toEqual([booked.identifier, booked.identifier, mailed.identifier, mailed.identifier].sort());
    expect(log.filter((e) => e.action === 'retention.updated')).toEqual([expect.objectContaining({ target: null, actor: stack.creds.user })]);
    expect(JSON.stringify(log)).not.toMatch(PERSONAL);
  });
});
