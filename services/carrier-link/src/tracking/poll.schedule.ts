import { nextPollAt } from '@waybill/carriers';
import type { CarrierLinkDeps } from '../deps';
import type { BookingRow } from '../bookings/booking.table';
import { pollConfigOf, type PollConfig } from './poll.config';
import { scheduleNumbers } from './poll.repository';

/** The deployment's polling figures (set by the service at start; the defaults of docs/carriers/tracking.md otherwise). */
export const pollingOf = (deps: CarrierLinkDeps): PollConfig => deps.polling ?? pollConfigOf({});

/**
 * Puts numbers of a booking on the polling schedule: the first poll 15 minutes (the configured first
 * interval) after booking, or at `firstPollAt` (a push subscription's end).
 */
export async function schedulePolling(deps: CarrierLinkDeps, booking: BookingRow, numbers: readonly string[], firstPollAt?: Date): Promise<void> {
  // Polls are paced per account: a carrier reached without one pushes its tracking instead.
  if (booking.account_id === null) return;
  const bookedAt = new Date(booking.created_at);
  const first = firstPollAt ?? nextPollAt({ bookedAt, lastEventAt: null, polls: 0, delivered: false }, bookedAt, Math.random, pollingOf(deps).schedule) ?? bookedAt;
  await scheduleNumbers(deps.db, {
    company: booking.company, consignment: booking.consignment_identifier, accountId: booking.account_id, carrier: booking.carrier,
    carrierReference: booking.carrier_reference, bookedAt, numbers: [...numbers], firstPollAt: first,
  });
}

/**
 * After a booking: carriers that push (a subscription is asked for next, by the subscription job) have
 * only the numbers they refuse polled; every other carrier that can be polled has all its numbers polled.
 */
export async function scheduleAfterBooking(deps: CarrierLinkDeps, booking: BookingRow, pushes: boolean): Promise<void> {
  if (pushes) return;
  await schedulePolling(deps, booking, booking.tracking_numbers);
}
