import type { ChannelModel } from 'amqplib';
import { registerGaugeSource, type GaugeSample } from '@waybill/telemetry';
import { deadLetterQueueOf, retryQueueOf } from './rabbit-topology';

/**
 * Depth of every queue this process consumes (main, retry and dead-letter), read at scrape time
 * with `checkQueue` on a short-lived channel: a failed check closes its channel, and must not take
 * a consumer's channel down with it.
 */
export function registerQueueDepthMetrics(model: () => ChannelModel | undefined, queues: () => Array<{ queue: string; exclusive: boolean }>): () => void {
  return registerGaugeSource('waybill_rabbitmq_queue_messages', 'Messages ready in a RabbitMQ queue', ['queue'], async () => {
    const m = model();
    if (!m) return [];
    const samples: GaugeSample[] = [];
    for (const { queue, exclusive } of queues()) {
      const names = exclusive ? [queue] : [queue, retryQueueOf(queue), deadLetterQueueOf(queue)];
      for (const name of names) {
        const ch = await m.createChannel();
        ch.on('error', () => undefined);
        try {
          const { messageCount } = await ch.checkQueue(name);
          samples.push({ labels: { queue: name }, value: messageCount });
        } catch {
          continue;
        } finally {
          await ch.close().catch(() => undefined);
        }
      }
    }
    return samples;
  });
}
