/** A carrier's price of one service, as it quoted it. */
export interface LiveRate { amount: string; currency: string }

/**
 * Live prices by key (company, carrier, service, route and parcels), each kept `ttlMs` (10 minutes):
 * an identical quote inside that time never asks the carrier again. `unrated` remembers for a shorter
 * time that a company's carrier cannot rate (no account, no rating API), so checkouts do not ask on
 * every quote. Bounded: past `max` entries the oldest go first.
 */
export class LiveRatesCache {
  private readonly rates = new Map<string, { rate: LiveRate | null; until: number }>();
  private readonly unrated = new Map<string, number>();

  constructor(private readonly ttlMs = 600_000, private readonly unratedMs = 60_000, private readonly max = 50_000, private readonly now = () => Date.now()) {}

  /** The cached rate (null: the carrier answered without a price for it), or undefined when not cached. */
  get(key: string): LiveRate | null | undefined {
    const hit = this.rates.get(key);
    if (!hit) return undefined;
    if (hit.until <= this.now()) {
      this.rates.delete(key);
      return undefined;
    }
    return hit.rate;
  }

  set(key: string, rate: LiveRate | null): void {
    this.rates.delete(key);
    this.rates.set(key, { rate, until: this.now() + this.ttlMs });
    if (this.rates.size > this.max) this.rates.delete(this.rates.keys().next().value!);
  }

  cannotRate(companyCarrier: string): boolean {
    const until = this.unrated.get(companyCarrier);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.unrated.delete(companyCarrier);
    return false;
  }

  markCannotRate(companyCarrier: string): void {
    this.unrated.set(companyCarrier, this.now() + this.unratedMs);
    if (this.unrated.size > this.max) this.unrated.delete(this.unrated.keys().next().value!);
  }
}
