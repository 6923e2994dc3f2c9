import { CarrierRejection } from '@waybill/carrier-model';
import { CarrierCallError, recordAnomaly } from '../outbound';

/**
 * Runs a carrier call that changes something (a booking, a manifest): a call that got no answer becomes
 * a refusal saying why, and when the request may have reached the carrier (a timeout, an outage) the
 * carrier may have acted on it, so it is counted as an anomaly for the operator.
 */
export async function changingCall<T>(carrier: string, operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof CarrierCallError)) throw err;
    if (err.mayHaveReachedCarrier) recordAnomaly(carrier, operation);
    throw new CarrierRejection(err.message, err.mayHaveReachedCarrier);
  }
}

/** An account check's answer from a call that proves the credentials; transport failures are reported too. */
export async function checkedBy(fn: () => Promise<string | undefined>): Promise<{ ok: true } | { ok: false; detail: string }> {
  try {
    const problem = await fn();
    return problem === undefined ? { ok: true } : { ok: false, detail: problem };
  } catch (err) {
    if (err instanceof CarrierCallError || err instanceof CarrierRejection) return { ok: false, detail: err.message };
    throw err;
  }
}
