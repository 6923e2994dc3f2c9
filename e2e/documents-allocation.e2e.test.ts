import { availableModes, startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';
import { createConsignment, pdfPages } from './support/documents';

// Allocation by rules is the consignment service's (issue 3, internal POST .../allocate); this checks the
// documents endpoint drives it as docs/api/labels-and-documents.md says.
describe.each(availableModes())('documents of an Unallocated consignment (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    stack = await startStack(mode);
    api = client(stack);
  });
  afterAll(async () => stack?.stop());

  const create = (body: Record<string, unknown>) => createConsignment(api, body);

  it('allocates it by the company rules first and prints the chosen service', async () => {
    const c = await create(domesticConsignment());
    expect(c.current_status.status).toBe('Unallocated');
    const res = await api.get(`/consignment/${c.identifier}/documents`);
    expect(res.status).toBe(200);
    const after = (await api.get(`/consignment/${c.identifier}`)).body;
    expect(after.service_id).toEqual(expect.stringContaining('|'));
    const [page] = await pdfPages(res.body.labels);
    expect(page.text).toContain(after.packages[0].tracking_number);
  });

  it('answers 409 with the reason when no rule accepts it', async () => {
    const c = await create(domesticConsignment({ packages: [{ weight: 45, weight_unit: 'kg' }] }));
    const res = await api.get(`/consignment/${c.identifier}/documents`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toEqual(expect.any(String));
    const after = (await api.get(`/consignment/${c.identifier}`)).body;
    expect(after.current_status).toMatchObject({ status: 'Unallocated', rejection_reason: expect.any(String) });
  });
});
