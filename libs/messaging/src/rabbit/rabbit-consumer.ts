import type { Channel, ChannelModel, ConsumeMessage, MessageProperties, Options } from 'amqplib';
import type { Logger } from '@waybill/logger';
import { decodeEnvelope } from '../envelope';
import { retryDelayMs } from '../retry-delay';
import type { EventEnvelope, SubscribeOptions } from '../types';
import { ATTEMPT_HEADER, ERROR_HEADER, assertConsumerTopology, deadLetterExchangeOf, retryQueueOf } from './rabbit-topology';

export interface RabbitConsumerDeps {
  exchange: string;
  logger: Logger;
  retryDelayMs: number;
  /** Publishes with confirms on the bus's publisher channel; rejects while disconnected. */
  republish(exchange: string, routingKey: string, content: Buffer, props: Options.Publish): Promise<void>;
  /** The channel died while the connection may still be up (channel error, queue deleted). */
  onLost(consumer: RabbitConsumer): void;
}

/**
 * One subscription: its own channel (so prefetch and channel errors stay per subscription),
 * re-attached to every new connection by the bus. A failed handler is retried through
 * `<queue>.retry` with a growing delay and an attempt header; after `maxAttempts` the message is
 * copied to the DLX with the last error and acknowledged.
 */
export class RabbitConsumer {
  private channel?: Channel;
  private channelModel?: ChannelModel;
  private consumerTag?: string;
  private attaching?: Promise<void>;
  private cancelled = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly opts: SubscribeOptions, private readonly deps: RabbitConsumerDeps) {}

  get queue(): string {
    return this.opts.queue;
  }

  isAttachedTo(model: ChannelModel): boolean {
    return this.channel !== undefined && this.channelModel === model;
  }

  attach(model: ChannelModel): Promise<void> {
    if (this.cancelled || this.isAttachedTo(model)) return Promise.resolve();
    this.attaching ??= this.open(model).finally(() => (this.attaching = undefined));
    return this.attaching;
  }

  async cancel(): Promise<void> {
    this.cancelled = true;
    await this.attaching?.catch(() => undefined);
    const ch = this.channel;
    if (ch && this.consumerTag) await ch.cancel(this.consumerTag).catch(() => undefined);
    // Handlers already running still ack on this channel, so it closes only after they finish.
    await Promise.allSettled([...this.inFlight]);
    this.channel = undefined;
    if (ch) await ch.close().catch(() => undefined);
  }

  private async open(model: ChannelModel): Promise<void> {
    const ch = await model.createChannel();
    ch.on('error', (err) => this.deps.logger.warn({ err, queue: this.queue }, 'consumer channel error'));
    ch.on('close', () => {
      if (this.channel !== ch) return;
      this.channel = undefined;
      if (!this.cancelled) this.deps.onLost(this);
    });
    try {
      await assertConsumerTopology(ch, this.deps.exchange, this.queue, this.opts.bindings, this.opts.exclusive);
      await ch.prefetch(this.opts.prefetch ?? 20);
      const { consumerTag } = await ch.consume(this.queue, (msg) => {
        // null: the broker cancelled the consumer (queue deleted); closing the channel re-attaches it.
        if (!msg) return void ch.close().catch(() => undefined);
        const run = this.onMessage(ch, msg).finally(() => this.inFlight.delete(run));
        this.inFlight.add(run);
      }, { noAck: false });
      this.channel = ch;
      this.channelModel = model;
      this.consumerTag = consumerTag;
    } catch (err) {
      await ch.close().catch(() => undefined);
      throw err;
    }
  }

  private async onMessage(ch: Channel, msg: ConsumeMessage): Promise<void> {
    let event: EventEnvelope;
    try {
      event = decodeEnvelope(msg.content);
    } catch (err) {
      this.deps.logger.error({ err, queue: this.queue }, 'undecodable message; dead-lettered');
      return this.deadLetter(ch, msg, err as Error, 1);
    }
    const attempt = Number(msg.properties.headers?.[ATTEMPT_HEADER] ?? 1) || 1;
    if (!event.trace && msg.properties.headers?.traceparent) {
      event.trace = { traceparent: String(msg.properties.headers.traceparent), tracestate: msg.properties.headers.tracestate as string | undefined };
    }
    try {
      await this.opts.handler(event);
      safely(() => ch.ack(msg));
    } catch (err) {
      const maxAttempts = this.opts.maxAttempts ?? 5;
      const log = { err, queue: this.queue, event_id: event.id, type: event.type, attempt, maxAttempts };
      if (attempt >= maxAttempts) {
        this.deps.logger.error(log, 'event handler failed for good; dead-lettered');
        return this.deadLetter(ch, msg, err as Error, attempt);
      }
      this.deps.logger.warn(log, 'event handler failed; will retry');
      await this.retryLater(ch, msg, attempt);
    }
  }

  private async retryLater(ch: Channel, msg: ConsumeMessage, attempt: number): Promise<void> {
    const props = copyProperties(msg.properties, { [ATTEMPT_HEADER]: attempt + 1 });
    props.expiration = String(retryDelayMs(attempt, this.deps.retryDelayMs));
    try {
      await this.deps.republish('', retryQueueOf(this.queue), msg.content, props);
      safely(() => ch.ack(msg));
    } catch (err) {
      // Could not park it for later: hand it back now rather than lose it.
      this.deps.logger.warn({ err, queue: this.queue }, 'could not schedule retry; requeued');
      safely(() => ch.nack(msg, false, true));
    }
  }

  private async deadLetter(ch: Channel, msg: ConsumeMessage, error: Error, attempts: number): Promise<void> {
    const props = copyProperties(msg.properties, { [ERROR_HEADER]: String(error?.message ?? error).slice(0, 1000), [ATTEMPT_HEADER]: attempts });
    try {
      await this.deps.republish(deadLetterExchangeOf(this.deps.exchange), this.queue, msg.content, props);
      safely(() => ch.ack(msg));
    } catch {
      // The queue's own dead-letter policy still routes it to the DLQ, just without the error header.
      safely(() => ch.nack(msg, false, false));
    }
  }
}

/** Keeps the message's identity and trace headers; drops the broker's x-death bookkeeping. */
function copyProperties(p: MessageProperties, extraHeaders: Record<string, unknown>): Options.Publish {
  const headers: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p.headers ?? {})) {
    if (!k.startsWith('x-death') && !k.startsWith('x-first-death') && !k.startsWith('x-last-death')) headers[k] = v;
  }
  return {
    persistent: true,
    contentType: p.contentType,
    contentEncoding: p.contentEncoding,
    messageId: p.messageId,
    type: p.type,
    timestamp: p.timestamp,
    appId: p.appId,
    headers: { ...headers, ...extraHeaders },
  };
}

/** An ack on a channel that died is moot: the broker redelivers the message on the next channel. */
function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    /* channel closed */
  }
}
