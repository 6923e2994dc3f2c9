import type { Insertable, Selectable } from 'kysely';
import type { TrackingEventsTable } from '../ingest/tracking-event.table';

/**
 * An event for a tracking number no consignment of its carrier carries yet: the columns of
 * tracking_events (same identity, same values), `received_at` setting when its number expires.
 */
export type ParkedEventsTable = TrackingEventsTable;

export type ParkedEventRow = Selectable<ParkedEventsTable>;
export type NewParkedEventRow = Insertable<ParkedEventsTable>;
