import { compileConditions, postcodePattern, type MatchInput } from './conditions';
import { shipmentOf } from './shipment';

const input = (body: Record<string, unknown>): MatchInput => ({ shipment: shipmentOf({ recipient: { address: { country: 'GB' } }, ...body }), warehouseId: 'w', orderMinor: null });

/** The one regular expression per pattern that every pattern used to be: the fast paths must answer as it does. */
function byRegex(pattern: string): (m: MatchInput) => boolean {
  const p = pattern.trim().replace(/\s+/g, ' ').toUpperCase();
  const re = new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  return p.includes(' ') ? (m) => re.test(m.shipment.postcode!) : (m) => re.test(m.shipment.postcodeCompact!);
}

describe('postcode patterns', () => {
  const patterns = ['*', '**', 'E*', 'e1 *', 'E1 ?*', 'SW1A*', 'sw1a 2aa', 'SW1A2AA', ' SW1A   2AA ', 'E?*', 'E1*6AN', 'A.B*', 'X+Y', '(E1)*', 'E1 6AN*', 'BT*', '*AN', 'E1\t6*', '?'];
  const postcodes = ['E1 6AN', 'e16an', 'E14 5AB', 'SW1A 2AA', 'sw1a2aa', 'BT1 1AA', 'A.B 1', 'AXB 1', 'X+Y', 'XXY', '(E1)', 'E', 'ZE1\n0AA', '10115', 'E1  6AN'];

  it('answers as the regular expression of the pattern for every postcode', () => {
    for (const pattern of patterns) {
      const fast = postcodePattern(pattern);
      const slow = byRegex(pattern);
      for (const postcode of postcodes) {
        const m = input({ recipient: { address: { country: 'GB', postcode } } });
        expect([pattern, postcode, fast(m)]).toEqual([pattern, postcode, slow(m)]);
      }
    }
  });
});

describe('per-package limits', () => {
  /** A small deterministic generator, so a failure can be replayed. */
  function random(seed: number): () => number {
    return () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
  }

  it('hold for the heaviest package and the largest sides exactly when they hold for every package', () => {
    const next = random(42);
    const maybe = (v: number) => (next() < 0.2 ? null : v);
    for (let i = 0; i < 2000; i++) {
      const packages = Array.from({ length: Math.floor(next() * 4) }, () => ({
        weight: maybe(Math.round(next() * 300) / 10), length: maybe(Math.round(next() * 150)), width: maybe(Math.round(next() * 150)), height: maybe(Math.round(next() * 150)),
        ...(next() < 0.2 ? { weight_unit: 'g' } : {}), ...(next() < 0.2 ? { dimensions_unit: 'mm' } : {}),
      }));
      const weightLimit = 1 + Math.round(next() * 30);
      const sides: [number, number, number] = [1 + Math.round(next() * 150), 1 + Math.round(next() * 150), 1 + Math.round(next() * 150)];
      const m = input({ packages });
      const [byWeight] = compileConditions({ max_package_weight_kg: weightLimit }, 2);
      const [bySize] = compileConditions({ max_package_dimensions_cm: sides }, 2);
      const limit = [...sides].sort((a, b) => b - a);
      const everyWeight = m.shipment.parcels.every((p) => p.weightKg === null || p.weightKg <= weightLimit);
      const everySize = m.shipment.parcels.every((p) => p.sides === null || p.sides.every((s, k) => s <= limit[k]));
      expect([JSON.stringify(packages), weightLimit, sides, byWeight(m), bySize(m)]).toEqual([JSON.stringify(packages), weightLimit, sides, everyWeight, everySize]);
    }
  });
});
