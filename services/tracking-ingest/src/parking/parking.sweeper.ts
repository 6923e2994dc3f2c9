import type { TrackingDeps } from '../deps';
import { expireParked } from './parking.repository';
import { countExpired } from './parking.metrics';

/** Hourly is plenty for a 30-day limit; tests shorten it. */
export const PARKING_SWEEP_MS = 3_600_000;

/**
 * Drops parked events whose number no consignment got within 30 days of its last event (a carrier's
 * typo, a shipment booked elsewhere), counting them in waybill_tracking_parked_expired_total. Every
 * replica sweeps; a row is deleted once, so the count is right summed over replicas.
 */
export class ParkingSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(private readonly deps: Pick<TrackingDeps, 'db' | 'now' | 'logger'>, private readonly everyMs = PARKING_SWEEP_MS) {}

  start(): void {
    this.timer = setInterval(() => { this.running ??= this.sweep().finally(() => { this.running = undefined; }); }, this.everyMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async sweep(): Promise<number> {
    try {
      const dropped = await expireParked(this.deps.db, this.deps.now());
      countExpired(dropped);
      if (dropped) this.deps.logger.info({ events: dropped }, 'parked tracking events expired unmatched after 30 days');
      return dropped;
    } catch (err) {
      this.deps.logger.warn({ err }, 'parked tracking events sweep failed; will try again');
      return 0;
    }
  }
}
