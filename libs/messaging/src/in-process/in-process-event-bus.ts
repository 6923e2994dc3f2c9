import type { Logger } from '@waybill/logger';
import { topicMatches } from '../topic-pattern';
import type { EventBus, EventEnvelope, SubscribeOptions, Subscription } from '../types';
import { InProcessQueue, type InProcessConsumer } from './in-process-queue';

export interface InProcessEventBusOptions {
  logger?: Logger;
  /** Base of the exponential delay between handler retries. Default 1000 ms. */
  retryDelayMs?: number;
}

/**
 * The event bus of the one-process demo and of tests without a broker. It keeps the semantics of
 * the RabbitMQ adapter: topic routing, a durable queue per `queue` name shared by competing
 * consumers, asynchronous delivery of a serialised copy, bounded retries, then a dead-letter list.
 */
export class InProcessEventBus implements EventBus {
  private readonly queues = new Map<string, InProcessQueue>();
  private closed = false;

  constructor(private readonly opts: InProcessEventBusOptions = {}) {}

  async publish(event: EventEnvelope): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    // Serialising here gives consumers their own copy and fails on what would not survive the wire.
    const body = JSON.stringify(event);
    for (const queue of this.queues.values()) {
      if ([...queue.bindings].some((p) => topicMatches(p, event.type))) queue.enqueue(body);
    }
  }

  async subscribe(opts: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('event bus is closed');
    let queue = this.queues.get(opts.queue);
    if (!queue) {
      queue = new InProcessQueue(opts.queue, this.opts.retryDelayMs ?? 1000, this.opts.logger);
      this.queues.set(opts.queue, queue);
    }
    for (const b of opts.bindings) queue.bindings.add(b);
    const consumer: InProcessConsumer = {
      handler: opts.handler,
      prefetch: opts.prefetch ?? 20,
      maxAttempts: opts.maxAttempts ?? 5,
      inFlight: new Set(),
      cancelled: false,
    };
    queue.consumers.push(consumer);
    queue.schedule();
    const owner = queue;
    return {
      cancel: async () => {
        consumer.cancelled = true;
        const at = owner.consumers.indexOf(consumer);
        if (at >= 0) owner.consumers.splice(at, 1);
        // An exclusive queue goes away with its subscriber, as an auto-delete queue does on a broker.
        if (opts.exclusive && owner.consumers.length === 0 && this.queues.get(opts.queue) === owner) this.queues.delete(opts.queue);
        await Promise.allSettled([...consumer.inFlight]);
      },
    };
  }

  /** Events that failed every attempt (or could not be decoded), oldest first. */
  deadLetters(queue: string): EventEnvelope[] {
    return [...(this.queues.get(queue)?.deadLetters ?? [])];
  }

  isHealthy(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    const inFlight: Promise<void>[] = [];
    for (const queue of this.queues.values()) {
      queue.stopRetries();
      for (const c of queue.consumers) {
        c.cancelled = true;
        inFlight.push(...c.inFlight);
      }
    }
    await Promise.allSettled(inFlight);
  }
}
