import { eventually } from '@waybill/testing';
import { sendPush, trackingBody } from '@waybill/testing';
import { TestSmtpServer } from '../services/notifications/src/test-support/smtp';
import { availableModes, startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';

const GNXT = 'Generic Carrier|Generic Next Day GNXT';
const now = () => new Date().toISOString().slice(0, 19);

describe.each(availableModes())('shipping e-mails to recipients, through the gateway (%s)', (mode) => {
  let stack: Stack;
  let smtp: TestSmtpServer;
  let api: ReturnType<typeof client>;

  /** An allocated consignment to `email`; returns its identifier and tracking number. */
  async function consignment(email: string): Promise<{ id: string; number: string }> {
    const res = await api.post('/consignments', [domesticConsignment({ service_id: GNXT, recipient: {
      name: 'Ada Lovelace', first_name: 'Ada', email_address: email, address: { address1: '1 Main Street', city: 'Leeds', postcode: 'LS1 4DY', country: 'GB' },
    } })]);
    expect(res.body.errors).toEqual({});
    const c = (await api.get(`/consignment/${res.body.success[0]}`)).body;
    return { id: c.identifier, number: c.packages[0].tracking_number };
  }
  async function push(number: string, status: string): Promise<void> {
    const send = (events: Parameters<typeof trackingBody>[0]) => sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret, trackingBody(events));
    await eventually(async () => (await send({ [number]: [] })).body.unknown?.length === 0, { timeoutMs: 30_000, what: 'tracking number known' });
    expect((await send({ [number]: [{ status, carrier_code: status, description: status, location: 'Leeds', timestamp: now() }] })).body.accepted).toBe(1);
  }
  const sent = async (id: string) => (await api.get(`/consignment/${id}/notifications`)).body.results as Array<{ event: string; outcome: string; to: string }>;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    stack = await startStack(mode, { SMTP_URL: smtp.url, MAIL_FROM: 'Northwind shipping <shipping@northwind.example>', NOTIFY_BACKOFF: '100ms' });
    api = client(stack);
    expect((await api.put('/tracking-page', { display_name: 'Northwind Books', accent_colour: '#1d6b50', support_email: 'help@northwind.example' })).status).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    await smtp?.close();
  });

  it('keeps the settings behind the company\'s credentials and refuses a bad value by name', async () => {
    expect((await api.get('/notifications')).body).toMatchObject({ enabled: false });
    const bad = await api.put('/notifications', { reply_to: 'not an address' });
    expect([bad.status, bad.body.detail]).toEqual([400, expect.stringMatching(/^reply_to/)]);
    expect((await api.put('/notifications', { enabled: true })).body).toMatchObject({ enabled: true, events: ['despatched', 'out_for_delivery', 'delivered', 'exception'] });
    expect((await client(stack, '/_api/v1/company/someone-else').get('/notifications')).status).toBe(403);
  });

  it('e-mails each moment once, lists them masked, and stops for an address that unsubscribed in one click', async () => {
    const first = await consignment('reader@example.ie');
    await push(first.number, 'OUT_FOR_DELIVERY');
    await push(first.number, 'DELIVERED');
    await eventually(async () => smtp.to('reader@example.ie').length === 3, { timeoutMs: 30_000, what: 'three e-mails' });
    const mails = smtp.to('reader@example.ie');
    expect(mails.map((m) => m.mail.subject).sort()).toEqual([
      'Your order from Northwind Books has been delivered', 'Your order from Northwind Books is on its way', 'Your order from Northwind Books is out for delivery today',
    ]);
    expect(mails[0].mail.html).toContain(`/track/generic/${first.number}?lang=en`);
    expect(TestSmtpServer.header(mails[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    await eventually(async () => (await sent(first.id)).filter((n) => n.outcome === 'sent').length === 3, { timeoutMs: 30_000, what: 'listed' });
    expect((await sent(first.id)).every((n) => n.to === 'r***@e***.ie')).toBe(true);

    // RFC 8058: the mail client posts the form to the link, without credentials.
    const link = new URL(/<(https?:[^>]+)>/.exec(String(TestSmtpServer.header(mails[0], 'List-Unsubscribe')))![1]);
    const page = await fetch(`${stack.baseUrl}${link.pathname}`);
    expect([page.status, (await page.text()).includes('<html lang="en">')]).toEqual([200, true]);
    const click = await fetch(`${stack.baseUrl}${link.pathname}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(click.status).toBe(200);

    const second = await consignment('reader@example.ie');
    await push(second.number, 'DELIVERED');
    await eventually(async () => (await sent(second.id)).some((n) => n.event === 'delivered' && n.outcome === 'unsubscribed'), { timeoutMs: 30_000, what: 'suppressed' });
    expect(smtp.to('reader@example.ie')).toHaveLength(3);
  });

  it('e-mails the shopper when a return of their order is booked, with the return\'s tracking link', async () => {
    expect((await api.put('/notifications', { enabled: true, events: ['despatched', 'out_for_delivery', 'delivered', 'exception', 'return_created'] })).status).toBe(200);
    const res = await api.post('/consignments', [domesticConsignment({ service_id: GNXT, recipient: {
      name: 'Zofia Nowak', first_name: 'Zofia', email_address: 'zofia@example.pl', address: { address1: '5 Long Street', city: 'Leeds', postcode: 'LS1 4DY', country: 'GB' },
    } })]);
    expect(res.body.errors).toEqual({});
    const back = await api.post(`/consignment/${res.body.success[0]}/returns`, { reason: 'too_small' });
    expect([back.status, back.body.detail]).toEqual([201, undefined]);
    await eventually(async () => smtp.to('zofia@example.pl').some((m) => m.mail.html && String(m.mail.html).includes(back.body.tracking_url ?? '\u0000')),
      { timeoutMs: 30_000, what: 'the return e-mail' });
    const mail = smtp.to('zofia@example.pl').find((m) => String(m.mail.html).includes(back.body.tracking_url))!;
    expect(mail.mail.html).toContain('<html lang="en">');
    expect(mail.mail.text).toContain('Hello Zofia,');
    expect(mail.mail.subject).toContain('Northwind Books');
    expect((await api.get(`/consignment/${back.body.identifier}/notifications`)).body.results.map((n: { event: string }) => n.event)).toEqual(['return_created']);
  });
});
