import type { Transaction } from 'kysely';
import { CarrierRegistry } from '@waybill/carrier-model';
import { EventType, type TrackingConsignmentProgressedData } from '@waybill/contracts';
import { idempotent, type EventEnvelope, type Subscription } from '@waybill/messaging';
import type { ConsignmentDb } from '../database';
import { findSettings } from '../companies/company.repository';
import { recordStatus, updateIfVersion } from '../consignments/consignment.repository';
import { trackedTransition } from '../consignments/consignment.progress';
import { ConsignmentEvents, recordEvents } from '../consignments/consignment.events';
import { toApi } from '../consignments/consignment.mapper';
import type { ConsumerDeps } from './index';

// A tracked consignment is allocated, so its service_id names its carrier (`<carrier name>|<service>`):
// the mapper reads the name from there, without asking carrier-link on the tracking path.
const BY_SERVICE_ID = new CarrierRegistry([]);

/**
 * Applies what carrier tracking says (tracking.consignment.progressed) to the consignment's status, which
 * this service owns: only for companies with tracking enabled, never backwards, never out of Cancelled.
 * A change is recorded in the status history and announced as status_changed, in one transaction.
 */
async function applyProgress(trx: Transaction<ConsignmentDb>, deps: ConsumerDeps, event: EventEnvelope): Promise<boolean> {
  const data = event.data as TrackingConsignmentProgressedData;
  const at = new Date(data.occurred_at);
  if (Number.isNaN(at.getTime())) throw new Error(`tracking progress ${event.id} has no valid occurred_at`);
  // The envelope's company scopes the lookup: a progress can only touch that company's consignment.
  const row = await trx.selectFrom('consignments').selectAll()
    .where('company', '=', event.company).where('identifier', '=', data.consignment_identifier)
    .forUpdate().executeTakeFirst();
  if (!row) return false;
  const settings = await findSettings(trx, event.company);
  if (!settings?.trackingEnabled) return false;
  const next = trackedTransition(row.status, row.tracked_at, data.status, at);
  if (!next) return false;
  const updated = await updateIfVersion(trx, event.company, row.identifier, row.version, { status: next, tracked_at: at.toISOString() });
  if (!updated) throw new Error(`consignment ${row.identifier} changed while locked`);
  await recordStatus(trx, event.company, row.identifier, next, null);
  const consignment = toApi(updated, BY_SERVICE_ID, settings.extraCustomFields);
  await recordEvents(trx, event.company, [{ type: ConsignmentEvents.statusChanged, data: { consignment, from: row.status, to: next } }]);
  return true;
}

export async function startTrackingProgressConsumer(deps: ConsumerDeps): Promise<Subscription> {
  return deps.bus.subscribe({
    queue: 'consignment.tracking-progress',
    bindings: [EventType.TrackingConsignmentProgressed],
    handler: async (event) => {
      let changed = false;
      await idempotent(deps.database, 'tracking-progress', async (trx, e) => { changed = await applyProgress(trx, deps, e); })(event);
      // After the commit: the status_changed event is in the outbox now.
      if (changed) deps.afterCommit();
    },
  });
}
