import { pollInBatches, type PushedTracking } from '@waybill/carriers';
import { EventType, type CarrierTrackingPolledData } from '@waybill/contracts';
import { newEnvelope, writeEvent } from '@waybill/messaging';
import { accountContext } from '../accounts/account.service';
import type { PollerDeps } from './poller.deps';
import { claimDue, liveNumbers, recordOutcome, stopPolling } from './poll.repository';
import { outcomeOf } from './poll.outcome';
import type { TrackingPollRow } from './poll.table';
import { recordingCalls } from '../calls/call.scope';

/** Events travel to tracking-ingest in slices of this many numbers (its push limit is 1,000). */
const EVENT_SLICE = 100;

async function dropStale(deps: PollerDeps, rows: TrackingPollRow[]): Promise<TrackingPollRow[]> {
  const live = await liveNumbers(deps.db, rows[0].company, [...new Set(rows.map((r) => r.consignment_identifier))]);
  const kept: TrackingPollRow[] = [];
  for (const row of rows) {
    if (live.get(row.consignment_identifier)?.has(row.tracking_number)) kept.push(row);
    else await stopPolling(deps.db, row, 'cancelled');
  }
  return kept;
}

function merged(trackings: PushedTracking[]): Map<string, PushedTracking> {
  const byNumber = new Map<string, PushedTracking>();
  for (const t of trackings) {
    const seen = byNumber.get(t.tracking_number);
    byNumber.set(t.tracking_number, seen ? { tracking_number: t.tracking_number, events: [...seen.events, ...t.events] } : t);
  }
  return byNumber;
}

/**
 * One round for one account (its lease held by this replica): claims its due numbers, up to the calls
 * a round may make in the carrier's batch size, asks the carrier in batches (paced per account by the
 * outbound client), then records each number's next poll and the events found, in one transaction
 * with the outbox rows that carry them to tracking-ingest. Returns how many numbers it polled.
 */
export async function pollAccount(deps: PollerDeps, accountId: string, now: Date): Promise<number> {
  const account = await deps.db.selectFrom('carrier_accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  const adapter = account ? deps.adapters.get(account.carrier) : undefined;
  const carrier = account && adapter ? adapter.forAccount(accountContext(deps, account)) : undefined;
  const limit = deps.polling.maxCallsPerRound * Math.max(1, carrier?.pollBatchSize ?? 1);
  const claimed = await claimDue(deps.db, accountId, now, new Date(now.getTime() + deps.polling.leaseMs), limit);
  if (!claimed.length) return 0;
  if (!carrier?.pollTracking) {
    for (const row of claimed) await stopPolling(deps.db, row, account ? 'not polled' : 'account removed');
    return 0;
  }
  const rows = await dropStale(deps, claimed);
  if (!rows.length) return 0;
  // A round's calls belong to its consignment when it polls one only (batches mix consignments).
  const only = new Set(rows.map((r) => r.consignment_identifier)).size === 1 ? rows[0].consignment_identifier : null;
  const round = await recordingCalls(deps, account!, only, () => pollInBatches(carrier, rows.map((r) => ({ trackingNumber: r.tracking_number, carrierReference: r.carrier_reference }))));
  const found = merged(round.trackings);
  const failed = new Set(round.failed);
  const at = new Date();
  const written = await deps.db.transaction().execute(async (trx) => {
    const news: PushedTracking[] = [];
    for (const row of rows) {
      const tracking = found.get(row.tracking_number);
      const recorded = await recordOutcome(trx, row, outcomeOf(row, tracking, failed.has(row.tracking_number), at, deps.polling.schedule), at);
      if (recorded && tracking?.events.length) news.push(tracking);
    }
    for (let i = 0; i < news.length; i += EVENT_SLICE) {
      const data: CarrierTrackingPolledData = { carrier: carrier.identifier, account_id: accountId, trackings: news.slice(i, i + EVENT_SLICE) };
      await writeEvent(trx, newEnvelope(EventType.CarrierTrackingPolled, rows[0].company, data));
    }
    return news.length;
  });
  if (written) deps.afterCommit();
  if (round.failed.length) deps.logger.warn({ carrier: carrier.identifier, account: accountId, numbers: round.failed.length }, 'tracking poll calls failed; asked again on the schedule');
  return rows.length;
}
