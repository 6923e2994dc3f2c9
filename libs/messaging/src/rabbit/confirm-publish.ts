import type { ConfirmChannel, Options } from 'amqplib';

/**
 * Publishes on a confirm channel and settles when the broker has taken responsibility for the
 * message (ack) or refused it (nack). The timeout covers a half-open connection that neither
 * confirms nor closes, so a caller such as the outbox relay never waits forever.
 */
export function confirmPublish(
  ch: ConfirmChannel, exchange: string, routingKey: string, content: Buffer, props: Options.Publish, timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`broker did not confirm within ${timeoutMs} ms`)), timeoutMs);
    try {
      ch.publish(exchange, routingKey, content, props, (err) => {
        clearTimeout(timer);
        if (err) reject(err instanceof Error ? err : new Error('message was nacked by the broker'));
        else resolve();
      });
    } catch (err) {
      // A channel that closed under us throws synchronously.
      clearTimeout(timer);
      reject(err);
    }
  });
}
