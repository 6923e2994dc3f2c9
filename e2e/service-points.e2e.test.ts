import { availableModes } from './support/stack';
import { sharedStack, type SharedStack } from './support/shared-stacks';
import { client } from './support/client';

describe.each(availableModes())('service points (%s)', (mode) => {
  let stack: SharedStack;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    stack = await sharedStack(mode);
    api = client(stack);
  });
  afterAll(async () => stack?.stop());

  it('lists the carriers\' lockers, shops and depots near a postcode, nearest first, with opening hours', async () => {
    const res = await api.get('/service-points?country=GB&postcode=M1%201AE&limit=6');
    expect(res.status).toBe(200);
    const points = res.body.results as Array<Record<string, any>>;
    expect(points).toHaveLength(6);
    expect(points.map((p) => p.distance_m)).toEqual(points.map((p) => p.distance_m).sort((a: number, b: number) => a - b));
    for (const p of points) {
      expect(p).toEqual({
        id: expect.stringMatching(new RegExp(`^${p.carrier_id}:`)), carrier_id: expect.stringMatching(/^(swiftpost|parcelink)$/), name: expect.any(String),
        type: expect.stringMatching(/^(locker|shop|post_office|depot)$/), address: { address1: expect.any(String), city: expect.any(String), postcode: 'M1 1AE', country: 'GB' },
        latitude: expect.any(Number), longitude: expect.any(Number), distance_m: expect.any(Number),
        opening_hours: expect.arrayContaining([{ day: 'mon', open: expect.stringMatching(/^\d\d:\d\d$/), close: expect.stringMatching(/^\d\d:\d\d$/) }]),
      });
    }
  });

  it('answers the same search a second time from the cache', async () => {
    const path = '/service-points?country=GB&latitude=53.48&longitude=-2.24&carrier=swiftpost&limit=4';
    const first = await api.get(path);
    const second = await api.get(path);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('cache-status')).toBe('waybill; hit');
    expect(first.body.results.map((p: { carrier_id: string }) => p.carrier_id)).toEqual(['swiftpost', 'swiftpost', 'swiftpost', 'swiftpost']);
  });

  it('answers a 400 naming the parameter, and 403 on another company\'s path', async () => {
    const res = await api.get('/service-points?postcode=M1%201AE');
    expect([res.status, res.body.detail]).toEqual([400, 'country: This parameter is required.']);
    expect((await api.get('/service-points?country=GB&postcode=M11AE&carrier=generic')).body.detail).toBe('carrier: Generic Carrier has no service points.');
    expect((await api.get('/_api/v1/company/not-mine/service-points?country=GB&postcode=M11AE')).status).toBe(403);
  });
});
