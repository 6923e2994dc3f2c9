import type { EventBus, EventEnvelope, SubscribeOptions, Subscription } from '../types';

/**
 * Wraps a bus to simulate broker trouble: `disconnected` (the bus knows it is down) or `rejecting`
 * (it thinks it is up but every publish fails, e.g. nacks or confirm timeouts).
 */
export class FlakyBus implements EventBus {
  disconnected = false;
  rejecting = false;
  publishAttempts = 0;

  constructor(private readonly inner: EventBus) {}

  async publish(event: EventEnvelope): Promise<void> {
    this.publishAttempts++;
    if (this.disconnected || this.rejecting) throw new Error('broker unavailable (simulated)');
    await this.inner.publish(event);
  }
  subscribe(opts: SubscribeOptions): Promise<Subscription> {
    return this.inner.subscribe(opts);
  }
  isHealthy(): boolean {
    return !this.disconnected && this.inner.isHealthy();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
