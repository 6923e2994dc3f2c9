import { processCounter, processHistogram } from '@waybill/telemetry';

/** Outcomes of one outbound carrier call, as counted in `waybill_carrier_requests_total`. */
export type CallOutcome = 'ok' | 'rejected' | 'rate_limited' | 'unavailable' | 'timeout' | 'network' | 'circuit_open';

const requests = processCounter(
  'waybill_carrier_requests_total', 'Outbound carrier API calls (each attempt), by carrier, operation and outcome',
  ['carrier', 'operation', 'outcome'],
);
const duration = processHistogram(
  'waybill_carrier_request_duration_seconds', 'Duration of outbound carrier API calls (each attempt)',
  ['carrier', 'operation'], [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30],
);
const anomalies = processCounter(
  'waybill_carrier_call_anomalies_total',
  'Carrier calls whose outcome is unknown (timeout or outage after the request went out), by carrier and operation',
  ['carrier', 'operation'],
);

export function outcomeOfStatus(status: number): CallOutcome {
  if (status < 400) return 'ok';
  if (status === 429) return 'rate_limited';
  return status >= 500 ? 'unavailable' : 'rejected';
}

export function recordCall(carrier: string, operation: string, outcome: CallOutcome, seconds: number | undefined): void {
  requests.inc({ carrier, operation, outcome });
  if (seconds !== undefined) duration.observe({ carrier, operation }, seconds);
}

export function recordAnomaly(carrier: string, operation: string): void {
  anomalies.inc({ carrier, operation });
}
