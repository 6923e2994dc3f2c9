import type { Logger } from '@waybill/logger';
import { decodeEnvelope } from '../envelope';
import { retryDelayMs } from '../retry-delay';
import type { EventEnvelope, EventHandler } from '../types';

interface Message { body: string; attempt: number }

export interface InProcessConsumer {
  handler: EventHandler;
  prefetch: number;
  maxAttempts: number;
  inFlight: Set<Promise<void>>;
  cancelled: boolean;
}

/**
 * One durable queue of the in-process bus. Messages wait here while no consumer is attached (as on
 * a broker), are handed round-robin to consumers with spare prefetch, and go to the dead-letter list
 * once a handler has failed `maxAttempts` times.
 */
export class InProcessQueue {
  readonly bindings = new Set<string>();
  readonly consumers: InProcessConsumer[] = [];
  readonly deadLetters: EventEnvelope[] = [];
  private readonly ready: Message[] = [];
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private next = 0;
  private scheduled = false;

  constructor(readonly name: string, private readonly retryBaseMs: number, private readonly logger?: Logger) {}

  enqueue(body: string, attempt = 1): void {
    this.ready.push({ body, attempt });
    this.schedule();
  }

  /** Deliveries happen on a later turn of the event loop, never inside `publish`. */
  schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  stopRetries(): void {
    for (const t of this.retryTimers) clearTimeout(t);
    this.retryTimers.clear();
  }

  private dispatch(): void {
    while (this.ready.length > 0) {
      const consumer = this.pickConsumer();
      if (!consumer) return;
      this.deliver(consumer, this.ready.shift()!);
    }
  }

  private pickConsumer(): InProcessConsumer | undefined {
    const n = this.consumers.length;
    for (let i = 0; i < n; i++) {
      const c = this.consumers[(this.next + i) % n];
      if (!c.cancelled && c.inFlight.size < c.prefetch) {
        this.next = (this.next + i + 1) % n;
        return c;
      }
    }
    return undefined;
  }

  private deliver(consumer: InProcessConsumer, msg: Message): void {
    const run = this.handle(consumer, msg).finally(() => {
      consumer.inFlight.delete(run);
      this.schedule();
    });
    consumer.inFlight.add(run);
  }

  private async handle(consumer: InProcessConsumer, msg: Message): Promise<void> {
    let event: EventEnvelope;
    try {
      event = decodeEnvelope(msg.body);
    } catch {
      this.deadLetters.push(JSON.parse(msg.body) as EventEnvelope);
      return;
    }
    try {
      await consumer.handler(event);
    } catch (err) {
      if (msg.attempt >= consumer.maxAttempts) {
        this.logger?.error({ err, queue: this.name, event_id: event.id, attempt: msg.attempt }, 'event handler failed for good; dead-lettered');
        this.deadLetters.push(event);
        return;
      }
      this.logger?.warn({ err, queue: this.name, event_id: event.id, attempt: msg.attempt }, 'event handler failed; will retry');
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        this.enqueue(msg.body, msg.attempt + 1);
      }, retryDelayMs(msg.attempt, this.retryBaseMs));
      this.retryTimers.add(timer);
    }
  }
}
