/**
 * Why an outbound carrier call produced no usable answer. `mayHaveReachedCarrier` says whether the
 * carrier may have acted on the request anyway (a timeout or an outage after the request went out):
 * a booking in that state has an unknown outcome and is reported to the operator.
 */
export abstract class CarrierCallError extends Error {
  abstract readonly outcome: 'timeout' | 'network' | 'unavailable' | 'circuit_open';
  constructor(readonly carrierName: string, message: string, readonly mayHaveReachedCarrier: boolean) {
    super(message);
  }
}

/** No answer within the timeout. */
export class CarrierTimeout extends CarrierCallError {
  readonly outcome = 'timeout' as const;
  constructor(carrierName: string, readonly timeoutMs: number) {
    super(carrierName, `${carrierName} timed out after ${formatSeconds(timeoutMs)}`, true);
  }
}

/** The connection failed or was reset; `sent` is false only when it never opened. */
export class CarrierNetworkError extends CarrierCallError {
  readonly outcome = 'network' as const;
  constructor(carrierName: string, detail: string, sent: boolean) {
    super(carrierName, `${carrierName} unavailable (${detail})`, sent);
  }
}

/** The carrier answered 5xx (or 429 after the retries allowed). */
export class CarrierUnavailable extends CarrierCallError {
  readonly outcome = 'unavailable' as const;
  constructor(carrierName: string, readonly status: number) {
    super(carrierName, `${carrierName} unavailable (HTTP ${status})`, status >= 500);
  }
}

/** The carrier's circuit is open: the call was not made at all. */
export class CarrierCircuitOpen extends CarrierCallError {
  readonly outcome = 'circuit_open' as const;
  constructor(carrierName: string, retryInMs: number) {
    super(carrierName, `${carrierName} unavailable (failing; next attempt in ${formatSeconds(retryInMs)})`, false);
  }
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
