import type { Channel } from 'amqplib';

export const ATTEMPT_HEADER = 'x-waybill-attempt';
export const ERROR_HEADER = 'x-waybill-error';

export function deadLetterExchangeOf(exchange: string): string {
  return `${exchange}.dlx`;
}
export const deadLetterQueueOf = (queue: string) => `${queue}.dlq`;
export const retryQueueOf = (queue: string) => `${queue}.retry`;

/**
 * Declares everything one subscription needs; idempotent, so every replica runs it on every
 * (re)connect. Per consuming queue:
 * - `<queue>`: durable, bound to the topic exchange; a rejected message dead-letters to the DLX.
 * - `<queue>.retry`: holds a failed message for its per-message TTL, then dead-letters it back to
 *   `<queue>` through the default exchange — a delayed retry without a broker plugin.
 * - `<queue>.dlq`: bound to the direct DLX under the queue's name; where poison messages rest.
 * Queue arguments can never change on an existing queue (the broker refuses), so keep them stable.
 */
export async function assertConsumerTopology(ch: Channel, exchange: string, queue: string, bindings: string[], exclusive = false): Promise<void> {
  const dlx = deadLetterExchangeOf(exchange);
  await ch.assertExchange(exchange, 'topic', { durable: true });
  await ch.assertExchange(dlx, 'direct', { durable: true });
  if (exclusive) return assertExclusiveTopology(ch, exchange, queue, bindings);
  await ch.assertQueue(deadLetterQueueOf(queue), { durable: true });
  await ch.bindQueue(deadLetterQueueOf(queue), dlx, queue);
  await ch.assertQueue(retryQueueOf(queue), {
    durable: true,
    arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue },
  });
  await ch.assertQueue(queue, {
    durable: true,
    arguments: { 'x-dead-letter-exchange': dlx, 'x-dead-letter-routing-key': queue },
  });
  for (const pattern of bindings) await ch.bindQueue(queue, exchange, pattern);
}

/**
 * An exclusive subscription (a broadcast to each replica): the queue and its retry queue live only as
 * long as the connection that declared them, so replicas that come and go leave nothing behind. No
 * dead-letter queue is kept for it: a message that fails every attempt is logged and dropped.
 */
async function assertExclusiveTopology(ch: Channel, exchange: string, queue: string, bindings: string[]): Promise<void> {
  const transient = { durable: false, exclusive: true, autoDelete: true };
  await ch.assertQueue(retryQueueOf(queue), { ...transient, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue } });
  await ch.assertQueue(queue, transient);
  for (const pattern of bindings) await ch.bindQueue(queue, exchange, pattern);
}
