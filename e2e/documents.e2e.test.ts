import { availableModes, startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';
import { createConsignment, pdfPages, pngSize, zipEntries } from './support/documents';

const US = { name: 'Grace Hopper', eori_number: 'US12345', address: { address1: '1 Navy Way', city: 'Arlington', state: 'VA', postcode: '22201', country: 'US' } };
const ITEM = { name: 'Compiler manual', quantity: 2, value: 15.5, harmonisation_code: '490199', country_of_origin: 'GB' };

describe.each(availableModes())('GET /consignment/{id}/documents (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    stack = await startStack(mode);
    api = client(stack);
  });
  afterAll(async () => stack?.stop());

  const create = (body: Record<string, unknown>) => createConsignment(api, body);

  const twoPackages = (service_id: string, extra: Record<string, unknown> = {}) => domesticConsignment({
    service_id, packages: [{ weight: 1.2, items: [ITEM] }, { weight: 800, weight_unit: 'g', items: [ITEM] }], ...extra,
  });

  it('answers one PDF label per package, 4x6 with real text, and moves the consignment to Printed', async () => {
    const c = await create(twoPackages('Generic Carrier|Generic Domestic Service GDOM', { custom_attributes: { override_sender_name: 'Demo Returns' } }));
    const res = await api.get(`/consignment/${c.identifier}/documents`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ labels: expect.any(String), invoices: null, label_format: 'application/pdf' });
    const pages = await pdfPages(res.body.labels);
    expect(pages.map((p) => [p.width, p.height])).toEqual([[288, 432], [288, 432]]);
    expect(pages[0].text).toContain(c.packages[0].tracking_number);
    expect(pages[1].text).toContain(c.packages[1].tracking_number);
    expect(pages[0].text).toContain('Demo Returns');
    expect(pages[1].text).toContain('2 OF 2');
    expect(pages[1].text).toContain('0.80 KG');
    // Committed before the 200 (docs/api/labels-and-documents.md): a GET straight after already says Printed.
    const printed = (await api.get(`/consignment/${c.identifier}`)).body;
    expect(printed.current_status).toEqual({ status: 'Printed', short_form: 'printed', rejection_reason: null });
  });

  it('answers ZPL (one block per label, copies included), PNG in a ZIP and a PNG list at 203 and 300 dpi', async () => {
    const c = await create(twoPackages('SwiftPost|SwiftPost 24'));
    const zpl = await api.get(`/consignment/${c.identifier}/documents/?documenttype=application/x-zebra-zpl&labelquantity=2&dpi=300&compression=z64`);
    expect(zpl.status).toBe(200);
    expect(zpl.body.label_format).toBe('application/x-zebra-zpl');
    const blocks = zpl.body.labels.split('^XZ').filter((b: string) => b.trim());
    expect(blocks).toHaveLength(4);
    for (const b of blocks) {
      expect(b.trim().startsWith('^XA')).toBe(true);
      expect(b).toContain('^PW1200^LL1800');
      expect(b).toContain(`^BCN`);
      expect(b).toContain(`^FD${c.consignment_number}^FS`);
      expect(b).toMatch(/\^BXN,\d+,200/);
      expect(b).toMatch(/\^GFA,\d+,\d+,\d+,:Z64:/);
    }
    const zip = await api.get(`/consignment/${c.identifier}/documents?documenttype=image/png`);
    const entries = Object.entries(zipEntries(zip.body.labels));
    expect(entries.map(([name]) => name)).toEqual(['label-001.png', 'label-002.png']);
    expect(pngSize(Buffer.from(entries[0][1]))).toEqual([812, 1218]);
    const list = await api.get(`/consignment/${c.identifier}/documents?documenttype=image/x-png-list&dpi=300&label_quantity=2`);
    expect(list.body.labels).toHaveLength(4);
    expect(pngSize(Buffer.from(list.body.labels[3], 'base64'))).toEqual([1200, 1800]);
  });

  it('adds the customs invoice where the carrier needs it, in PDF whatever the label format', async () => {
    const c = await create(twoPackages('Globex Worldwide|Globex Express Worldwide', { recipient: US, currency: 'USD', invoice: { incoterm: 'DDP' } }));
    const res = await api.get(`/consignment/${c.identifier}/documents?documenttype=application/x-zebra-zpl&invoice_quantity=1`);
    expect(res.status).toBe(200);
    expect(res.body.labels).toContain('^BQN');
    const [page] = await pdfPages(res.body.invoices);
    expect(page.width).toBeCloseTo(595.28, 1);
    for (const fact of ['COMMERCIAL INVOICE', 'Grace Hopper', 'EORI: US12345', 'EORI: GB123456789000', '490199', 'Incoterm: DDP', '62.00', 'USD']) expect(page.text).toContain(fact);
    const domestic = await create(twoPackages('Globex Worldwide|Globex Express Worldwide'));
    expect((await api.get(`/consignment/${domestic.identifier}/documents`)).body.invoices).toBeNull();
  });

  it('answers 409 naming the field when an item lacks customs data on a customs route', async () => {
    const c = await create(domesticConsignment({ service_id: 'Globex Worldwide|Globex Economy Worldwide', recipient: US, packages: [{ items: [ITEM, { name: 'Pen', quantity: 1, country_of_origin: 'GB' }] }] }));
    const res = await api.get(`/consignment/${c.identifier}/documents`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('packages.0.items.1.harmonisation_code: required for customs on this route');
  });

  it('answers 400 naming the parameter, 404 for an unknown consignment and 409 for a cancelled one', async () => {
    const c = await create(twoPackages('Generic Carrier|Generic Domestic Service GDOM'));
    for (const [q, field] of [['dpi=230', 'dpi'], ['documenttype=text/plain', 'documenttype'], ['label_size=5x5', 'label_size'], ['compression=lz4', 'compression']]) {
      const res = await api.get(`/consignment/${c.identifier}/documents?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.detail.startsWith(`${field}: `)).toBe(true);
    }
    const wide = await api.get(`/consignment/${c.identifier}/documents?label_size=8x4`);
    expect((await pdfPages(wide.body.labels))[0]).toMatchObject({ width: 576, height: 288 });
    expect((await api.get(`/consignment/${'0'.repeat(32)}/documents`)).status).toBe(404);
    await api.del(`/consignment/${c.identifier}`);
    const cancelled = await api.get(`/consignment/${c.identifier}/documents`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.detail).toMatch(/Cancelled/);
  });

  it('answers under the older prefixes and refuses other companies', async () => {
    const c = await create(twoPackages('Parcelink|Parcelink Standard'));
    const old = await api.get(`/v1/company/${stack.creds.company}/consignment/${c.identifier}/documents`);
    expect(old.status).toBe(200);
    expect((await api.get(`/_api/v1/company/other-co/consignment/${c.identifier}/documents`)).status).toBe(403);
    expect((await api.get(`/consignment/${c.identifier}/documents`, { auth: 'none' })).status).toBe(401);
  });
});
