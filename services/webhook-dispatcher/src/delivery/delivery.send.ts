import type { Logger } from '@waybill/logger';
import type { DispatcherDeps } from '../deps';
import { signingSecrets } from '../endpoints/endpoint.mapper';
import type { EndpointRow } from '../endpoints/endpoint.table';
import { signatureHeaders } from '../security/signing';
import { measuredSend } from './delivery.metrics';
import { sendWebhook, type SendResult } from './http-sender';

/** Recording an outcome stops retrying this long before the lease ends, and waits at most this between tries. */
const RECORD_MARGIN_MS = 2_000;
const RECORD_BACKOFF_CAP_MS = 2_000;

/** How long an attempt holds its endpoint slot: the timeout twice over plus margin, then the sweeper reclaims it. */
export function leaseMs(timeoutMs: number): number {
  return timeoutMs * 2 + 10_000;
}

/** One signed POST of a message's stored body to an endpoint; the webhook-id is the event id on every attempt. */
export function signAndSend(deps: DispatcherDeps, endpoint: EndpointRow, eventId: string, body: string): Promise<SendResult> {
  const headers = signatureHeaders(eventId, body, signingSecrets(endpoint, deps.box, deps.now()), deps.now());
  return measuredSend(() => sendWebhook(endpoint.url, body, { ...headers }, { timeoutMs: deps.config.timeoutMs, policy: deps.policy }), endpoint.id);
}

/**
 * The receiver has answered; losing that answer would mean sending again after the lease, so a
 * database error (a lost connection, a restarting server, a serialisation failure) is retried for as
 * long as the attempt's lease lasts, less a margin: until then nobody else sends this attempt again.
 */
export async function retryWithinLease<T>(logger: Logger, lease: number, claimedAt: number, write: () => Promise<T>): Promise<T> {
  const until = claimedAt + lease - RECORD_MARGIN_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      const wait = Math.min(RECORD_BACKOFF_CAP_MS, 100 * 2 ** attempt);
      if (Date.now() + wait > until) throw err;
      logger.warn({ err, attempt }, 'could not record a webhook attempt; retrying');
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
