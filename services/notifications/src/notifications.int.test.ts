import { EventType } from '@waybill/contracts';
import { newEnvelope } from '@waybill/messaging';
import { eventually } from '@waybill/testing';
import { Harness, consignment, created, outForDelivery, statusChanged } from './test-support/harness';
import { TestSmtpServer } from './test-support/smtp';

describe('shipping e-mails through a real SMTP server (integration)', () => {
  let h: Harness;
  const company = 'acme';

  beforeAll(async () => {
    h = await Harness.start();
    const put = await h.api(company).put('/notifications', { enabled: true, from_name: 'Brand & Co shipping', events: ['despatched', 'out_for_delivery', 'delivered', 'exception'] });
    expect(put.status).toBe(200);
  });
  afterAll(async () => { await h?.close(); });

  const history = async (id: string) => (await h.api(company).get(`/consignment/${id}/notifications`)).body.results as Array<Record<string, unknown>>;
  /** The consignment event reached the read model (a carrier scan names a consignment it must know). */
  const known = (id: string) => eventually(async () => (await h.api(company).get(`/consignment/${id}/notifications`)).status === 200, { timeoutMs: 20_000, what: 'consignment known' });
  const outcome = (id: string, event: string, want: string) => eventually(async () => (await history(id)).some((n) => n.event === event && n.outcome === want), { timeoutMs: 20_000, what: `${event} ${want}` });

  it('keeps settings per company and refuses a bad value, changing nothing', async () => {
    expect((await h.api(company).get('/notifications')).body).toEqual({ enabled: true, events: ['despatched', 'out_for_delivery', 'delivered', 'exception'], from_name: 'Brand & Co shipping', reply_to: null });
    const bad = await h.api(company).put('/notifications', { enabled: false, events: ['teleported'] });
    expect([bad.status, bad.body.detail]).toEqual([400, expect.stringMatching(/^events\.0/)]);
    expect((await h.api(company).get('/notifications')).body.enabled).toBe(true);
    expect((await h.api('other').get('/notifications')).body).toEqual({ enabled: false, events: ['despatched', 'out_for_delivery', 'delivered', 'exception'], from_name: null, reply_to: null });
  });

  it('sends one branded e-mail, HTML and text, in the destination\'s language, with one-click unsubscribe headers', async () => {
    const c = consignment({ country: 'FR', email: 'marie@example.fr', firstName: 'Marie' });
    await h.publish(created(company, c));
    await h.publish(statusChanged(company, c, 'Despatched'));
    await eventually(async () => h.smtp.to('marie@example.fr').length === 1, { timeoutMs: 20_000, what: 'the e-mail' });
    const received = h.smtp.to('marie@example.fr')[0];
    const { mail, raw } = received;
    expect(mail.subject).toBe('Votre commande Brand & Co est en route');
    expect(mail.from?.value).toEqual([{ name: 'Brand & Co shipping', address: 'shipping@waybill.example' }]);
    expect(mail.replyTo?.value[0].address).toBe('help@brand.example');
    expect(mail.text).toContain('Bonjour Marie,');
    expect(mail.text).toContain(`Brand & Co a confié votre commande ${c.order_number} à Generic Carrier.`);
    expect(mail.text).toContain('Livraison prévue : mardi 1 décembre');
    expect(mail.text).toContain('https://track.example/track/generic/GC000123?lang=fr');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('background:#ffd400;color:#111111');
    expect(mail.html).toContain('<img src="https://cdn.brand.example/logo.png"');
    expect(mail.html).toContain('href="https://track.example/track/generic/GC000123?lang=fr"');
    expect(TestSmtpServer.header(received, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = String(TestSmtpServer.header(received, 'List-Unsubscribe'));
    expect(unsubscribe).toMatch(/^<https:\/\/track\.example\/notifications\/unsubscribe\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{32}>, <mailto:shipping@waybill\.example\?subject=unsubscribe%20/);
    expect(TestSmtpServer.header(received, 'Content-Language')).toBe('fr');
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    const log = await history(c.identifier);
    expect(log).toEqual([{ at: expect.any(String), event: 'despatched', to: 'm***@e***.fr', outcome: 'sent', language: 'fr', attempts: 1, detail: null }]);
  });

  it('sends nothing twice: the same event redelivered, another event of the same kind, or a late out-for-delivery after delivery', async () => {
    const c = consignment({ email: 'twice@example.com' });
    await h.publish(created(company, c));
    const despatched = statusChanged(company, c, 'Despatched');
    await h.publish(despatched);
    await h.publish(despatched);
    await h.publish(statusChanged(company, c, 'Despatched'));
    await outcome(c.identifier, 'despatched', 'sent');
    await h.publish(statusChanged(company, c, 'Delivered'));
    await outcome(c.identifier, 'delivered', 'sent');
    await h.publish(outForDelivery(company, c));
    await h.publish(statusChanged(company, c, 'Delivered'));
    // A marker e-mail after them all: once it is in, every earlier one would be too.
    const marker = consignment({ email: 'marker@example.com' });
    await h.publish(created(company, marker));
    await h.publish(statusChanged(company, marker, 'Despatched'));
    await eventually(async () => h.smtp.to('marker@example.com').length === 1, { timeoutMs: 20_000, what: 'the marker' });
    await h.sweep();
    expect(h.smtp.to('twice@example.com').map((r) => r.mail.subject)).toEqual(['Your order from Brand & Co is on its way', 'Your order from Brand & Co has been delivered']);
    expect((await history(c.identifier)).map((n) => n.event)).toEqual(['despatched', 'delivered']);
  });

  it('writes to the person sending a return back once it is booked, when the company asks for return_created, and about nothing else of it', async () => {
    const returns = 'returns-co';
    expect((await h.api(returns).put('/notifications', { enabled: true, events: ['despatched', 'delivered', 'return_created'] })).status).toBe(200);
    const outbound = consignment({ email: 'shopper@example.ie', country: 'IE', firstName: 'Aoife' });
    const back = consignment({ email: 'returns-desk@shop.example', firstName: 'Returns', country: 'GB' });
    const theReturn = { ...back, direction: 'return', return_for: outbound.identifier, sender: outbound.recipient, consignment_number: 'GCR0042', tracking_url: 'https://track.example/track/generic/GCR0042' } as typeof back;
    await h.publish(created(returns, theReturn));
    await h.publish(statusChanged(returns, theReturn, 'Despatched'));
    await h.publish(statusChanged(returns, theReturn, 'Delivered'));
    await eventually(async () => h.smtp.to('shopper@example.ie').length === 1, { timeoutMs: 20_000, what: 'the return e-mail' });
    // A marker after them: once it is in, a wrong e-mail about the return would be too.
    const marker = consignment({ email: 'return-marker@example.com' });
    await h.publish(created(returns, marker));
    await h.publish(statusChanged(returns, marker, 'Despatched'));
    await eventually(async () => h.smtp.to('return-marker@example.com').length === 1, { timeoutMs: 20_000, what: 'the marker' });
    const [mail] = h.smtp.to('shopper@example.ie');
    expect(mail.mail.subject).toBe('Your return to Brand & Co is on its way');
    expect(mail.mail.text).toContain('Hello Aoife,');
    expect(mail.mail.text).toContain('https://track.example/track/generic/GCR0042?lang=en');
    expect(h.smtp.to('returns-desk@shop.example')).toEqual([]);
    expect((await h.api(returns).get(`/consignment/${theReturn.identifier}/notifications`)).body.results.map((n: { event: string }) => n.event)).toEqual(['return_created']);
  });

  it('tries again with backoff when the server refuses for now, and gives up at once on a permanent refusal', async () => {
    h.smtp.refuseNext(2, 451);
    const c = consignment({ email: 'greylisted@example.com', country: 'DE' });
    await h.publish(created(company, c));
    await known(c.identifier);
    await h.publish(outForDelivery(company, c));
    await outcome(c.identifier, 'out_for_delivery', 'sent');
    expect(h.smtp.to('greylisted@example.com').map((r) => r.mail.subject)).toEqual(['Ihre Bestellung bei Brand & Co wird heute zugestellt']);
    expect((await history(c.identifier))[0]).toMatchObject({ attempts: 3, outcome: 'sent' });

    h.smtp.refuseNext(1, 550);
    const gone = consignment({ email: 'nobody@example.com' });
    await h.publish(created(company, gone));
    await h.publish(statusChanged(company, gone, 'Exception'));
    await outcome(gone.identifier, 'exception', 'failed');
    expect((await history(gone.identifier))[0]).toMatchObject({ attempts: 1, detail: expect.stringMatching(/^550 /) });
    expect(h.smtp.to('nobody@example.com')).toEqual([]);
  });

  it('honours one-click unsubscribe for that company only, and shows a confirmation page on GET that changes nothing', async () => {
    const c = consignment({ email: 'Leave.Me@Example.com', country: 'PL' });
    await h.publish(created(company, c));
    await h.publish(statusChanged(company, c, 'Despatched'));
    await eventually(async () => h.smtp.to('Leave.Me@Example.com').length === 1, { timeoutMs: 20_000, what: 'the first e-mail' });
    const link = /<https:\/\/track\.example(\/notifications\/unsubscribe\/[^>]+)>/.exec(String(TestSmtpServer.header(h.smtp.to('Leave.Me@Example.com')[0], 'List-Unsubscribe')))![1];

    const page = await h.publicRequest('get', link);
    expect([page.status, page.headers['content-language']]).toEqual([200, 'pl']);
    expect(page.text).toContain('<html lang="pl">');
    expect(page.text).toContain('L***@E***.com');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'/);
    expect((await h.publicRequest('get', link.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')))).status).toBe(404);

    const click = await h.publicRequest('post', link).type('form').send('List-Unsubscribe=One-Click');
    expect(click.status).toBe(200);
    await h.publish(statusChanged(company, c, 'Delivered'));
    await outcome(c.identifier, 'delivered', 'unsubscribed');
    // Another company's e-mails to the same address still go.
    await h.api('other').put('/notifications', { enabled: true });
    const elsewhere = consignment({ email: 'leave.me@example.com' });
    await h.publish(created('other', elsewhere));
    await h.publish(statusChanged('other', elsewhere, 'Delivered'));
    // The address in any case is the same address: acme's first e-mail, then only the other company's.
    await eventually(async () => h.smtp.to('leave.me@example.com').length === 2, { timeoutMs: 20_000, what: 'the other company\'s e-mail' });
    expect(h.smtp.to('leave.me@example.com').map((r) => r.mail.subject)).toEqual(['Twoje zamówienie z Brand & Co jest w drodze', 'Your order from Brand & Co has been delivered']);

    // A mailto: request recorded by customer service works the same way.
    expect((await h.api('other').post('/notifications/unsubscribes', { email_address: 'LEAVE.me@example.com' })).status).toBe(204);
    expect((await h.api('other').post('/notifications/unsubscribes', { email_address: 'not an address' })).status).toBe(400);
    const later = consignment({ email: 'leave.me@example.com' });
    await h.publish(created('other', later));
    await h.publish(statusChanged('other', later, 'Exception'));
    await eventually(async () => (await h.api('other').get(`/consignment/${later.identifier}/notifications`)).body.results?.[0]?.outcome === 'unsubscribed', { timeoutMs: 20_000, what: 'suppressed' });
  });

  it('lists nothing of another company, answers 404 for unknown consignments, and never logs an address or a body', async () => {
    const c = consignment({ email: 'secret-person@example.org' });
    await h.publish(created(company, c));
    await h.publish(statusChanged(company, c, 'Despatched'));
    await outcome(c.identifier, 'despatched', 'sent');
    expect((await h.api('other').get(`/consignment/${c.identifier}/notifications`)).status).toBe(404);
    expect((await h.api(company).get('/consignment/unknown/notifications')).status).toBe(404);
    const logs = h.logs.join('\n');
    expect(logs).toContain('shipping e-mail sent');
    for (const secret of ['secret-person', '@example.', 'marie@', 'Bonjour', 'Votre commande']) expect(logs).not.toContain(secret);
  });

  // docs/operations.md#retention-and-erasure: the notifications service's copies of an erased consignment go on its event.
  it('on consignment.consignment.erased forgets the recipient\'s address: the history shows none, and nothing more is sent', async () => {
    const c = consignment({ email: 'erase-me@example.net', firstName: 'Erin' });
    await h.publish(created(company, c));
    await h.publish(statusChanged(company, c, 'Despatched'));
    await outcome(c.identifier, 'despatched', 'sent');
    expect(await history(c.identifier)).toEqual([expect.objectContaining({ to: 'e***@e***.net' })]);
    const erased = newEnvelope(EventType.ConsignmentErased, company, { identifier: c.identifier, consignment_number: null, tracking_numbers: [], erased_at: new Date().toISOString(), reason: 'request' });
    await h.publish(erased);
    await h.publish(erased);
    await eventually(async () => (await history(c.identifier))[0]?.to === '***', { timeoutMs: 20_000, what: 'the address erased' });
    expect(JSON.stringify(await history(c.identifier))).not.toContain('erase-me');
    // The consignment's later events carry no address either (the owner erased it): no e-mail follows.
    const after = consignment({ identifier: c.identifier, order_number: c.order_number, email: null });
    await h.publish(statusChanged(company, after, 'Delivered'));
    const marker = consignment({ email: 'after-erasure@example.com' });
    await h.publish(created(company, marker));
    await h.publish(statusChanged(company, marker, 'Delivered'));
    await outcome(marker.identifier, 'delivered', 'sent');
    expect((await history(c.identifier)).map((n) => n.event)).toEqual(['despatched']);
    expect(h.smtp.to('erase-me@example.net')).toHaveLength(1);
  });
});
