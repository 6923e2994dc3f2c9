import { TrackingPushError, type PushedTrackingEvent, type TrackingPush, type TrackingStatus } from '@waybill/carrier-model';
import { SchemaId, parseLooseDateTime, validate } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import { normaliseStatus, statusOfCode } from './status';
import type { TrackedCarrier } from '../carriers/tracked-carrier';

export interface ReadEvent {
  status: TrackingStatus;
  carrierCode: string | null;
  description: string | null;
  location: string | null;
  occurredAt: Date;
  /** The carrier code, or `status:<STATUS>` when the event has none: with carrier, number and time, the event's identity. */
  dedupCode: string;
}

export interface ReadTracking {
  trackingNumber: string;
  events: ReadEvent[];
}

export const MAX_DESCRIPTION = 500;
export const MAX_LOCATION = 255;
/** A carrier clock far ahead would pin a parcel's "latest" event forever; a day covers any time-zone slip. */
const MAX_FUTURE_MS = 24 * 3_600_000;

const text = (v: string | null | undefined): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Cut to `max` characters (code points, as JSON Schema's maxLength counts them). */
export function cut(v: string | null, max: number): string | null {
  if (v === null || v.length <= max) return v;
  const chars = Array.from(v);
  return chars.length <= max ? v : chars.slice(0, max).join('');
}

/** The generic body, or the carrier's native body turned into the generic shape by its adapter. */
function genericShape(carrier: TrackedCarrier, body: unknown): unknown {
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'trackings' in body) return body;
  try {
    return carrier.parseTrackingPush(body) ?? body;
  } catch (err) {
    if (err instanceof TrackingPushError) throw new InvalidError(err.errors);
    throw err;
  }
}

/**
 * Reads and checks a push: schema and batch limit, statuses normalised (or derived from the carrier's
 * code table), timestamps to instants, text cut to the webhook bounds. Any error refuses the whole push
 * with every field path, before anything is stored.
 */
export function readPush(carrier: TrackedCarrier, body: unknown, now: Date): ReadTracking[] {
  const push = genericShape(carrier, body);
  const result = validate(SchemaId.TrackingPush, push);
  if (!result.ok) throw new InvalidError(result.errors);
  const errors: Record<string, string[]> = {};
  const trackings = (push as TrackingPush).trackings.map((t, i) => ({
    trackingNumber: t.tracking_number.trim(),
    events: t.events.map((e, j) => readEvent(carrier, e, `trackings.${i}.events.${j}`, now, errors)),
  }));
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return trackings;
}

function readEvent(carrier: TrackedCarrier, e: PushedTrackingEvent, path: string, now: Date, errors: Record<string, string[]>): ReadEvent {
  const carrierCode = text(e.carrier_code);
  const statusText = text(e.status);
  let status: TrackingStatus | undefined;
  if (statusText !== null) {
    status = normaliseStatus(statusText);
    if (!status) errors[`${path}.status`] = [`"${statusText}" is not a valid status.`];
  } else if (carrierCode !== null) {
    status = statusOfCode(carrier, carrierCode);
    if (!status) errors[`${path}.carrier_code`] = [`"${carrierCode}" is not a code of ${carrier.name}; send a status with it.`];
  } else {
    errors[`${path}.status`] = ['This field is required when carrier_code is absent.'];
  }
  const occurredAt = parseLooseDateTime(e.timestamp) ?? new Date(NaN);
  if (occurredAt.getTime() - now.getTime() > MAX_FUTURE_MS) errors[`${path}.timestamp`] = ['Timestamp is more than 24 hours in the future.'];
  const normalised = status ?? 'EXCEPTION';
  return {
    status: normalised,
    carrierCode,
    description: cut(text(e.description), MAX_DESCRIPTION),
    location: cut(text(e.location), MAX_LOCATION),
    occurredAt,
    dedupCode: carrierCode ?? `status:${normalised}`,
  };
}
