import type { Kysely } from 'kysely';
import type { TrackingStatus } from '@waybill/carrier-model';
import type { TrackingDb } from '../database';
import { eventsOfConsignment } from '../ingest/tracking-event.repository';
import { activeParcelsOf } from '../projection/projection.repository';
import type { PageConsignment, PageEvent } from './page.view';

/**
 * The consignment a carrier's tracking number belongs to now, with its events (oldest first), or
 * undefined when none does or it was cancelled or erased (docs/api/retention.md). Any package's number finds it, and so does the
 * consignment's own number where the carrier's tracking_url names that (DHL Express: the shipment's
 * waybill, its pieces carrying their own numbers). Should two companies' consignments carry one number,
 * the one announced last wins: a carrier reuses a number only long after.
 */
export async function findTracked(db: Kysely<TrackingDb>, carrierId: string, trackingNumber: string): Promise<{ consignment: PageConsignment; events: PageEvent[] } | undefined> {
  const c = await db.selectFrom('parcels as p')
    .innerJoin('tracked_consignments as c', (j) => j.onRef('c.identifier', '=', 'p.consignment_identifier').onRef('c.company', '=', 'p.company'))
    .selectAll('c')
    .where('p.carrier_id', '=', carrierId).where('p.tracking_number', '=', trackingNumber).where('p.active', '=', true)
    .where('c.carrier_id', '=', carrierId).where('c.cancelled', '=', false).where('c.erased_at', 'is', null)
    .orderBy('c.source_at', 'desc').limit(1)
    .executeTakeFirst()
    ?? await db.selectFrom('tracked_consignments as c').selectAll('c')
      .where('c.carrier_id', '=', carrierId).where('c.consignment_number', '=', trackingNumber).where('c.cancelled', '=', false).where('c.erased_at', 'is', null)
      .orderBy('c.source_at', 'desc').limit(1)
      .executeTakeFirst();
  if (!c) return undefined;
  const [parcels, stored] = await Promise.all([activeParcelsOf(db, [c]), eventsOfConsignment(db, c.company, c.identifier)]);
  return {
    consignment: {
      company: c.company, carrierName: c.carrier_name ?? carrierId, serviceName: c.service_name, expectedDeliveryDate: c.expected_delivery_date,
      packageCount: c.package_count, trackingNumbers: parcels.map((p) => p.tracking_number),
      destination: { town: c.destination_town, district: c.destination_district, country: c.destination_country, timeZone: c.time_zone },
    },
    events: stored.map((e) => ({
      trackingNumber: e.tracking_number, status: e.status as TrackingStatus, description: e.description, location: e.location, occurredAt: e.occurred_at,
    })),
  };
}
