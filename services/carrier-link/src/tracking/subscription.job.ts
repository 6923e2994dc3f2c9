import { Queues, type JobDriver } from '@waybill/jobs';
import type { CarrierLinkDeps } from '../deps';
import { accountById, findBooking } from '../bookings/booking.repository';
import { bookedCarrier } from '../bookings/booking.service';
import { schedulePolling } from './poll.schedule';
import { recordingCalls } from '../calls/call.scope';

const JOB = 'subscribe';
/** How long the carrier pushes for a subscription (UPS Track Alert: 14 days). */
export const SUBSCRIPTION_LIFETIME_MS = 14 * 24 * 3_600_000;

export interface SubscribeJob {
  company: string;
  consignment: string;
}

/** Asks for the booking's push subscription soon after booking (docs/api/carrier-accounts.md: within a minute); once per booking. */
export async function enqueueSubscription(jobs: JobDriver, company: string, consignment: string): Promise<void> {
  await jobs.enqueue<SubscribeJob>(Queues.carrierTracking, JOB, { company, consignment }, {
    jobId: `subscribe:${company}:${consignment}`, attempts: 8, backoffMs: 5_000,
  });
}

/**
 * Subscribes a booking's tracking numbers at a carrier that pushes (UPS Track Alert); numbers the carrier
 * refuses go on the polling schedule. Carriers without subscriptions (polled from booking), and
 * cancelled bookings, are skipped. A failed call throws, and the job is retried with backoff; when the
 * retries are spent, every number of the booking is polled instead, so none goes untracked.
 */
export async function startSubscriptionWorker(deps: CarrierLinkDeps, jobs: JobDriver): Promise<void> {
  await jobs.work<SubscribeJob>(Queues.carrierTracking, async (job) => {
    if (job.name !== JOB) return;
    const { company, consignment } = job.data;
    const booking = await findBooking(deps.db, company, consignment);
    if (!booking || booking.cancelled_at || booking.subscribed_at) return;
    const carrier = await bookedCarrier(deps, booking);
    const account = booking.account_id === null ? undefined : await accountById(deps.db, company, booking.account_id);
    if (!carrier?.subscribeTracking || !account) return;
    const result = await recordingCalls(deps, account, consignment, () => carrier.subscribeTracking!(booking.tracking_numbers));
    await deps.db.updateTable('bookings').set({ subscribed_at: new Date().toISOString(), unsubscribed_numbers: JSON.stringify(result.refused) })
      .where('company', '=', company).where('consignment_identifier', '=', consignment).execute();
    if (result.refused.length) await schedulePolling(deps, booking, result.refused);
    // A subscription lapses (UPS keeps one 14 days): a parcel still open then is polled from then on.
    if (result.subscribed.length) await schedulePolling(deps, booking, result.subscribed, new Date(Date.now() + SUBSCRIPTION_LIFETIME_MS));
  }, {
    concurrency: 4,
    onFailed: async (job, error) => {
      const { company, consignment } = job.data as SubscribeJob;
      const booking = await findBooking(deps.db, company, consignment);
      if (!booking || booking.cancelled_at || booking.subscribed_at) return;
      deps.logger.warn({ company, consignment, err: error.message }, 'push subscription failed for good; the numbers are polled instead');
      await schedulePolling(deps, booking, booking.tracking_numbers);
    },
  });
}
