import { createHash } from 'node:crypto';
import { CarrierRejection, type CarrierPickups, type PickupBooking, type PickupRequest } from '@waybill/carrier-model';

/** The shortest collection window the sandbox carriers accept, as real carriers ask for a driver's slot. */
export const SANDBOX_MIN_WINDOW_MINUTES = 120;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The sandbox carriers' collections, with the refusals a real carrier gives, documented like test card
 * numbers (docs/api/collections.md): no van on a Sunday, and a window shorter than two hours is refused.
 * The reference derives from Waybill's collection id, so a repeated request answers the same one.
 */
export function sandboxPickups(identifier: string, name: string): CarrierPickups {
  return {
    async book(req: PickupRequest): Promise<PickupBooking> {
      if (new Date(`${req.date}T12:00:00Z`).getUTCDay() === 0) throw new CarrierRejection(`${name} does not collect on Sundays (${req.date})`);
      const window = minutes(req.closeTime) - minutes(req.readyTime);
      if (window < SANDBOX_MIN_WINDOW_MINUTES) {
        throw new CarrierRejection(`${name} needs a collection window of at least ${SANDBOX_MIN_WINDOW_MINUTES / 60} hours; ${req.readyTime}-${req.closeTime} is ${window} minutes`);
      }
      const digest = createHash('sha256').update(`${identifier}\u0000${req.company}\u0000${req.collectionId}`).digest('hex');
      return { reference: `${identifier.slice(0, 3).toUpperCase()}P${BigInt(`0x${digest.slice(0, 15)}`).toString().padStart(12, '0').slice(0, 10)}` };
    },
    async cancel(reference: string): Promise<void> {
      if (!reference) throw new Error('cancel needs the collection reference');
    },
  };
}
