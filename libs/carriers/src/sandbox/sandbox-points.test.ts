import { sandboxRegistry } from './registry';
import { metresBetween } from './sandbox-points';

describe('sandbox service points', () => {
  const parcelink = sandboxRegistry().find('parcelink')!;

  it('answers the same points for the same place, nearest first, of the carrier\'s kinds, with honest distances', async () => {
    const q = { country: 'GB', latitude: 51.5, longitude: -0.12, limit: 5 };
    const points = await parcelink.servicePoints!.search(q);
    expect(await parcelink.servicePoints!.search(q)).toEqual(points);
    expect(points).toHaveLength(5);
    expect(points.map((p) => p.distanceM)).toEqual(points.map((p) => p.distanceM).sort((a, b) => a - b));
    for (const p of points) {
      expect(['shop', 'depot']).toContain(p.type);
      expect(p.distanceM).toBe(metresBetween(51.5, -0.12, p.latitude, p.longitude));
    }
    expect(points.find((p) => p.type === 'depot')?.openingHours.map((h) => h.day) ?? ['mon', 'tue', 'wed', 'thu', 'fri']).toEqual(['mon', 'tue', 'wed', 'thu', 'fri']);
  });

  it('measures a known distance: London to Paris is about 344 km', () => {
    expect(Math.round(metresBetween(51.5074, -0.1278, 48.8566, 2.3522) / 1000)).toBe(344);
  });
});
