/**
 * Domain events travel in this envelope (contracts/events/envelope.json). The routing key is `type`,
 * `<context>.<object>.<action>`, e.g. `consignment.consignment.allocated`.
 */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurred_at: string;
  company: string;
  data: T;
  trace?: { traceparent?: string; tracestate?: string };
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** Durable queue name, one per consuming service and purpose, e.g. `manifest.consignment-events`. */
  queue: string;
  /** Routing-key patterns (topic exchange syntax: `*` one word, `#` any). */
  bindings: string[];
  /** Unacknowledged messages in flight per consumer. */
  prefetch?: number;
  /** Deliveries before the message goes to the dead-letter queue. */
  maxAttempts?: number;
  handler: EventHandler;
  /**
   * A queue of this subscriber alone, deleted when it goes away (RabbitMQ: exclusive, auto-delete, not
   * durable). Give each replica its own queue name and every replica receives every event: a broadcast,
   * for things such as dropping a cache. Events published while it is disconnected are not kept.
   */
  exclusive?: boolean;
}

export interface Subscription {
  cancel(): Promise<void>;
}

/** One interface, two adapters: RabbitMQ (distributed) and in-process (one-process demo, tests). */
export interface EventBus {
  /** Resolves once the broker has confirmed the message (persistent, publisher confirms). */
  publish(event: EventEnvelope): Promise<void>;
  subscribe(opts: SubscribeOptions): Promise<Subscription>;
  /** True when the broker connection is up (readiness). */
  isHealthy(): boolean;
  close(): Promise<void>;
}
