import { CarrierRejection, type Carrier } from '@waybill/carriers';
import { ConflictError, InvalidError } from '@waybill/http';
import type { CarrierLinkDeps } from './deps';
import type { AccountRow } from './accounts/account.table';
import { carrierOf, noAccountReason, openCarrierOf } from './bookings/booking.service';
import { liveAccountOf } from './bookings/booking.repository';
import { recordingCalls } from './calls/call.scope';

export interface Reached { carrier: Carrier; account?: AccountRow }

/** The carrier as this company reaches it: a sandbox carrier, or a real one through the company's enabled account. */
export async function reachCarrier(deps: CarrierLinkDeps, company: string, carrierId: string, field = 'carrier_id'): Promise<Reached> {
  const open = openCarrierOf(deps, carrierId);
  if (open) return { carrier: open };
  if (!deps.adapters.has(carrierId)) throw InvalidError.field(field, `Unknown carrier "${carrierId}".`);
  const account = await liveAccountOf(deps.db, company, carrierId);
  if (!account) throw InvalidError.field(field, noAccountReason(deps, carrierId));
  return { carrier: carrierOf(deps, account), account };
}

/** Calls the carrier (recorded in the call log when through an account); a refusal becomes a 409 carrying its reason. */
export async function atCarrier<T>(deps: CarrierLinkDeps, reached: Reached, fn: () => Promise<T>): Promise<T> {
  try {
    return await (reached.account ? recordingCalls(deps, reached.account, null, fn) : fn());
  } catch (err) {
    if (!(err instanceof CarrierRejection)) throw err;
    throw new ConflictError(err.named ? err.reason : `${reached.carrier.name}: ${err.reason}`);
  }
}

