import { connect, type ChannelModel, type ConfirmChannel, type Options, type RecoveringChannelModel } from 'amqplib';
import type { Logger } from '@waybill/logger';
import type { EventBus, EventEnvelope, SubscribeOptions, Subscription } from '../types';
import { confirmPublish } from './confirm-publish';
import { RabbitConsumer } from './rabbit-consumer';
import { consumeTraced } from '../tracing';
import { registerQueueDepthMetrics } from './rabbit-queue-metrics';

export interface RabbitEventBusOptions {
  url: string;
  /** The one durable topic exchange of the platform. */
  exchange?: string;
  /**
   * Put before every queue name. Installations (or test stacks) sharing one broker use their own
   * exchange and prefix, so one never consumes another's events.
   */
  queuePrefix?: string;
  logger: Logger;
  /** Base of the exponential delay between handler retries. Default 1000 ms. */
  retryDelayMs?: number;
  /** A publish not confirmed within this time rejects. Default 10 s. */
  confirmTimeoutMs?: number;
  /** Connection attempts before `connect` gives up (a process must not start half-wired). Default 6. */
  connectAttempts?: number;
}

const RESUBSCRIBE_DELAY_MS = 1000;

/**
 * EventBus on RabbitMQ. amqplib's recovering connection reconnects with jittered backoff; every
 * new connection gets a fresh confirm channel and every subscription re-attaches. While the
 * connection is down `publish` rejects at once (the outbox keeps the event and retries).
 */
export class RabbitEventBus implements EventBus {
  readonly exchange: string;
  private conn?: RecoveringChannelModel;
  private model?: ChannelModel;
  private publisher?: ConfirmChannel;
  private readonly consumers = new Set<RabbitConsumer>();
  private closing = false;
  private readonly unregisterMetrics: () => void;

  private constructor(private readonly opts: RabbitEventBusOptions) {
    this.exchange = opts.exchange ?? 'waybill.events';
    this.unregisterMetrics = registerQueueDepthMetrics(() => this.model, () => [...this.consumers].map((c) => ({ queue: c.queue, exclusive: c.exclusive })));
  }

  static async connect(opts: RabbitEventBusOptions): Promise<RabbitEventBus> {
    const bus = new RabbitEventBus(opts);
    await bus.start();
    return bus;
  }

  private get logger(): Logger {
    return this.opts.logger;
  }

  private async start(): Promise<void> {
    const conn = await connect(withHeartbeat(this.opts.url), {
      recovery: {
        waitForConnect: false,
        initialDelay: 200,
        maxDelay: 10_000,
        initialMaxRetries: (this.opts.connectAttempts ?? 6) - 1,
        setup: (model: ChannelModel) => this.setup(model),
      },
    });
    this.conn = conn;
    conn.on('connect', (model: ChannelModel) => this.attachConsumers(model));
    conn.on('disconnect', (err: Error) => {
      this.model = undefined;
      this.publisher = undefined;
      if (!this.closing) this.logger.warn({ err }, 'event bus disconnected; reconnecting');
    });
    conn.on('reconnect-scheduled', (i: { attempt: number; delay: number }) => this.logger.info(i, 'event bus reconnect scheduled'));
    conn.on('reconnect-failed', (err: Error) => this.logger.error({ err }, 'event bus gave up reconnecting'));
    conn.on('error', (err: Error) => this.logger.warn({ err }, 'event bus connection error'));
    await conn.waitForConnect();
  }

  /** Runs on every (re)connection before it counts as up; a failure here retries the connection. */
  private async setup(model: ChannelModel): Promise<void> {
    const ch = await this.openPublisher(model);
    await ch.assertExchange(this.exchange, 'topic', { durable: true });
    this.model = model;
    this.publisher = ch;
    this.logger.info({ exchange: this.exchange }, 'event bus connected');
  }

  private async openPublisher(model: ChannelModel): Promise<ConfirmChannel> {
    const ch = await model.createConfirmChannel();
    ch.on('error', (err) => this.logger.warn({ err }, 'publisher channel error'));
    ch.on('close', () => {
      if (this.publisher !== ch) return;
      this.publisher = undefined;
      // A channel-level error closed only the channel; the connection is still good.
      if (this.model === model && !this.closing) {
        this.openPublisher(model).then(async (next) => {
          if (this.model === model && !this.closing) this.publisher = next;
          else await next.close();
        }).catch((err) => this.logger.warn({ err }, 'could not reopen publisher channel'));
      }
    });
    return ch;
  }

  private attachConsumers(model: ChannelModel): void {
    for (const c of this.consumers) this.attachLater(c, model, 0);
  }

  private attachLater(c: RabbitConsumer, model: ChannelModel, delayMs: number): void {
    setTimeout(() => {
      if (this.closing || this.model !== model || !this.consumers.has(c)) return;
      c.attach(model).catch((err) => {
        this.logger.error({ err, queue: c.queue }, 'could not (re)subscribe; retrying');
        this.attachLater(c, model, RESUBSCRIBE_DELAY_MS);
      });
    }, delayMs).unref();
  }

  async publish(event: EventEnvelope): Promise<void> {
    await this.send(this.exchange, event.type, Buffer.from(JSON.stringify(event)), {
      persistent: true,
      contentType: 'application/json',
      messageId: event.id,
      type: event.type,
      timestamp: Math.floor(Date.parse(event.occurred_at) / 1000) || undefined,
      headers: traceHeaders(event.trace),
    });
  }

  private async send(exchange: string, routingKey: string, content: Buffer, props: Options.Publish): Promise<void> {
    const ch = this.publisher;
    if (!ch) throw new Error('event bus is not connected to the broker');
    await confirmPublish(ch, exchange, routingKey, content, props, this.opts.confirmTimeoutMs ?? 10_000);
  }

  async subscribe(opts: SubscribeOptions): Promise<Subscription> {
    if (this.closing) throw new Error('event bus is closed');
    const consumer = new RabbitConsumer({ ...opts, queue: `${this.opts.queuePrefix ?? ''}${opts.queue}`, handler: consumeTraced(opts.queue, opts.handler) }, {
      exchange: this.exchange,
      logger: this.logger,
      retryDelayMs: this.opts.retryDelayMs ?? 1000,
      republish: (exchange, key, content, props) => this.send(exchange, key, content, props),
      onLost: (c) => this.model && this.attachLater(c, this.model, RESUBSCRIBE_DELAY_MS),
    });
    this.consumers.add(consumer);
    // Connected: wire it now so topology errors reach the caller. Disconnected: the next
    // connection attaches it.
    if (this.model) {
      try {
        await consumer.attach(this.model);
      } catch (err) {
        this.consumers.delete(consumer);
        throw err;
      }
    }
    return {
      cancel: async () => {
        this.consumers.delete(consumer);
        await consumer.cancel();
      },
    };
  }

  isHealthy(): boolean {
    return !this.closing && this.publisher !== undefined;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.unregisterMetrics();
    await Promise.allSettled([...this.consumers].map((c) => c.cancel()));
    this.consumers.clear();
    await this.publisher?.close().catch(() => undefined);
    this.publisher = undefined;
    await this.conn?.close().catch(() => undefined);
  }
}

function traceHeaders(trace: EventEnvelope['trace']): Record<string, string> {
  const h: Record<string, string> = {};
  if (trace?.traceparent) h.traceparent = trace.traceparent;
  if (trace?.tracestate) h.tracestate = trace.tracestate;
  return h;
}

/** Detects a dead peer in seconds rather than the server's default minute, unless the URL says. */
function withHeartbeat(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('heartbeat')) u.searchParams.set('heartbeat', '15');
  return u.toString();
}
