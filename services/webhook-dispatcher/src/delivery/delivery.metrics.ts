import { Counter, Histogram } from 'prom-client';
import { SpanKind, inSpan, metricsRegistry } from '@waybill/telemetry';
import type { SendResult } from './http-sender';

const attempts = new Counter({
  name: 'waybill_webhook_attempts_total', help: 'Webhook delivery attempts by outcome (success: a 2xx in time)',
  labelNames: ['outcome'], registers: [metricsRegistry],
});
const latency = new Histogram({
  name: 'waybill_webhook_attempt_duration_seconds', help: 'Webhook attempt latency, until the answer or the failure',
  labelNames: ['outcome'], buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers: [metricsRegistry],
});

/**
 * One attempt in a client span (a child of the delivery job's span, so of the event's trace), counted
 * for the success rate and timed. The receiver is not sent our trace context: it is a third party.
 */
export function measuredSend(send: () => Promise<SendResult>, endpointId: string): Promise<SendResult> {
  return inSpan('webhook-dispatcher', 'webhook POST', { kind: SpanKind.CLIENT, attributes: { 'waybill.webhook.endpoint_id': endpointId } }, async (span) => {
    const result = await send();
    const outcome = result.ok ? 'success' : 'failure';
    attempts.inc({ outcome });
    latency.observe({ outcome }, result.latencyMs / 1000);
    if (result.statusCode !== null) span.setAttribute('http.response.status_code', result.statusCode);
    if (!result.ok) span.setStatus({ code: 2, message: result.error ?? `status ${result.statusCode}` });
    return result;
  });
}
