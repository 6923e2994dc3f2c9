import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';

describe.each(availableModes())('GET /consignments (%s)', (mode) => {
  let stack: SharedStack;
  let api: ReturnType<typeof client>;
  let created: string[];
  beforeAll(async () => {
    stack = await sharedStack(mode);
    api = client(stack);
    const res = await api.post('/consignments', Array.from({ length: 25 }, (_, i) => domesticConsignment({ order_number: 'LIST-1', ...(i % 5 === 0 ? { carrier: 'generic' } : {}) })));
    created = res.body.success;
    await api.post('/consignments', [domesticConsignment({ order_number: 'list-1' })]);
  });
  afterAll(async () => stack?.stop());

  it('pages in creation order with a shrinking count and a next link that repeats the filters', async () => {
    const seen: string[] = [];
    const counts: number[] = [];
    let url: string | null = '/consignments?order_number=LIST-1&limit=10';
    while (url) {
      const res: any = await api.get(url);
      expect(res.status).toBe(200);
      counts.push(res.body.count);
      seen.push(...res.body.results.map((r: { identifier: string }) => r.identifier));
      url = res.body.next;
      if (url) {
        expect(url.startsWith(stack.baseUrl)).toBe(true);
        expect(url).toContain('order_number=LIST-1');
        expect(url).toContain('limit=10');
      }
    }
    expect(counts).toEqual([25, 15, 5]);
    expect(seen).toEqual(created);
  });

  it('defaults the limit to 10, clamps it at 100 and refuses a non-positive one', async () => {
    expect((await api.get('/consignments')).body.results).toHaveLength(10);
    expect((await api.get('/consignments?limit=')).body.results).toHaveLength(10);
    expect((await api.get('/consignments?limit=1000')).body.results).toHaveLength(26);
    for (const bad of ['0', '-1', 'ten']) {
      const res = await api.get(`/consignments?limit=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^limit:/);
    }
  });

  it('filters by status case-insensitively and refuses an unknown status', async () => {
    const res = await api.get('/consignments?status=aLLocated&limit=100');
    expect(res.body.count).toBe(5);
    expect(res.body.results.every((r: { current_status: { status: string } }) => r.current_status.status === 'Allocated')).toBe(true);
    const bad = await api.get('/consignments?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^status:/);
  });

  it('finds one consignment by identifier, and none for an unknown one', async () => {
    const one = await api.get(`/consignments?identifier=${created[3]}`);
    expect(one.body.count).toBe(1);
    expect(one.body.results[0].identifier).toBe(created[3]);
    const none = await api.get('/consignments?identifier=00000000000000000000000000000000');
    expect(none.body).toEqual({ count: 0, next: null, results: [] });
  });

  it('matches order_number exactly and case-sensitively', async () => {
    expect((await api.get('/consignments?order_number=list-1')).body.count).toBe(1);
  });

  it('builds next links from PUBLIC_BASE_URL-less requests using the host the client used', async () => {
    const res = await api.get(`/api/v1/company/${stack.creds.company}/consignments?limit=5`);
    expect(res.body.next).toMatch(new RegExp(`^${stack.baseUrl}/api/v1/company/${stack.creds.company}/consignments\\?offset=`));
  });
});
