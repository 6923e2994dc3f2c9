import { InvalidError } from '@waybill/http';
import { unstorableTextErrors } from '@waybill/contracts';

/** A collection request as checked at the edge (docs/api/collections.md). */
export interface CollectionInput {
  carrier_id: string;
  warehouse_id: string;
  date: string;
  ready_time: string;
  close_time: string;
  parcels: number;
  weight_kg: number | null;
  consignment_ids: string[];
}

const FIELDS = ['carrier_id', 'warehouse_id', 'date', 'ready_time', 'close_time', 'parcels', 'weight_kg', 'consignment_ids'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function validDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Shape checks only; the warehouse, the carrier and the date against the warehouse's today come after. */
export function collectionInput(body: unknown): CollectionInput {
  const errors: Record<string, string[]> = {};
  const fail = (path: string, message: string) => { errors[path] ??= [message]; };
  if (!isObject(body)) throw InvalidError.field('non_field_errors', 'Expected a JSON object.');
  // Text Postgres cannot hold (U+0000, unpaired surrogates) is bad input, never a 500 at the insert.
  Object.assign(errors, unstorableTextErrors(body));
  for (const k of Object.keys(body)) if (!FIELDS.includes(k)) fail(k, 'Unknown field.');
  for (const k of ['carrier_id', 'warehouse_id']) {
    if (body[k] === undefined || body[k] === null) fail(k, 'This field is required.');
    else if (typeof body[k] !== 'string' || body[k] === '') fail(k, 'This field may not be blank.');
    else if ((body[k] as string).length > 200) fail(k, 'Ensure this field has no more than 200 characters.');
  }
  if (body.date === undefined) fail('date', 'This field is required.');
  else if (!validDate(body.date)) fail('date', 'Expected a date, YYYY-MM-DD.');
  for (const k of ['ready_time', 'close_time']) {
    if (body[k] === undefined) fail(k, 'This field is required.');
    else if (typeof body[k] !== 'string' || !TIME.test(body[k] as string)) fail(k, 'Expected a time, HH:MM (24-hour).');
  }
  if (!errors.ready_time && !errors.close_time && (body.close_time as string) <= (body.ready_time as string)) fail('close_time', 'Must be after ready_time.');
  if (body.parcels === undefined) fail('parcels', 'This field is required.');
  else if (!Number.isInteger(body.parcels) || (body.parcels as number) < 1 || (body.parcels as number) > 999) fail('parcels', 'Expected a whole number from 1 to 999.');
  if (body.weight_kg !== undefined && body.weight_kg !== null && (typeof body.weight_kg !== 'number' || !(body.weight_kg > 0) || body.weight_kg > 99999)) {
    fail('weight_kg', 'Expected a positive number of kilograms.');
  }
  const ids = body.consignment_ids;
  if (ids !== undefined && (!Array.isArray(ids) || ids.length > 1000 || !ids.every((i) => typeof i === 'string' && i !== '' && i.length <= 100))) fail('consignment_ids', 'Expected a list of consignment identifiers.');
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return {
    carrier_id: (body.carrier_id as string).toLowerCase(), warehouse_id: body.warehouse_id as string, date: body.date as string,
    ready_time: body.ready_time as string, close_time: body.close_time as string, parcels: body.parcels as number,
    weight_kg: typeof body.weight_kg === 'number' ? body.weight_kg : null, consignment_ids: (ids as string[] | undefined) ?? [],
  };
}

/** Today's date where the warehouse is. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
