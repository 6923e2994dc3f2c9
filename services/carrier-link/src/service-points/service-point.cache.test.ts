import { SERVICE_POINT_TTL_MS, ServicePointCache } from './service-point.cache';

describe('service point cache', () => {
  it('keeps an answer for a day, then asks again', () => {
    let now = 1_000;
    const cache = new ServicePointCache(() => now);
    cache.set('ups|GB|SW1A1AA', []);
    now += SERVICE_POINT_TTL_MS - 1;
    expect(cache.get('ups|GB|SW1A1AA')).toEqual([]);
    now += 1;
    expect(cache.get('ups|GB|SW1A1AA')).toBeUndefined();
  });
});
