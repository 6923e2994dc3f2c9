import type { CarrierServicePoint } from '@waybill/carriers';

/** A carrier's points change rarely: an answer is reused for a day (docs/api/service-points.md). */
export const SERVICE_POINT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 20_000;

/**
 * Locator answers by carrier and place, in this replica's memory: a checkout asks for the same postcodes
 * over and over, and a miss costs one carrier call. The oldest entry goes first when full.
 */
export class ServicePointCache {
  private readonly entries = new Map<string, { at: number; points: CarrierServicePoint[] }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): CarrierServicePoint[] | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.now() - hit.at >= SERVICE_POINT_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.points;
  }

  set(key: string, points: CarrierServicePoint[]): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: this.now(), points });
  }
}
