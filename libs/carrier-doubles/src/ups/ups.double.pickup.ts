import { randomInt } from 'node:crypto';
import { upsSchemas } from '@waybill/carriers';
import { schemaProblems, type DoubleAnswer } from '../kit/double-server';
import { error } from './ups.double.answers';
import { headerProblems, type Exchange } from './ups.double.routes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const success = { Code: '1', Description: 'Success' };
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2, 4));

/** What UPS's Pickup description states in words, checked on what Waybill sends. */
function pickupRuleProblems(r: Json, accountNumber: string): string[] {
  const problems: string[] = [];
  if (r.Shipper?.Account?.AccountNumber !== accountNumber) problems.push('Shipper.Account.AccountNumber must be the account the token belongs to');
  if (r.PaymentMethod === '01' && !r.Shipper?.Account) problems.push('PaymentMethod 01 (pay by shipper account) needs Shipper.Account');
  const info = r.PickupDateInfo ?? {};
  if (info.ReadyTime && info.CloseTime && minutes(info.CloseTime) <= minutes(info.ReadyTime)) problems.push('PickupDateInfo.CloseTime must be later than ReadyTime');
  if (r.TotalWeight?.UnitOfMeasurement === 'KGS' && Number(r.TotalWeight.Weight) > 32 * Number(r.PickupPiece?.[0]?.Quantity ?? 1) && r.OverweightIndicator !== 'Y') {
    problems.push('OverweightIndicator must be Y when a package is over 32 kg');
  }
  return problems;
}

/**
 * POST /api/pickupcreation/{version}/pickup. Refuses, as UPS does, a pickup on a Sunday (no weekend
 * service in the double's territory) and a window under an hour, with codes of the double's own.
 */
export function createPickup(x: Exchange, accountNumber: string): DoubleAnswer {
  const body = x.body as Json | undefined;
  const version = x.path.split('/')[3];
  const bad = x.violate([
    ...headerProblems(x, false),
    ...(version === 'v2409' ? [] : [`version ${version} is not v2409`]),
    ...schemaProblems(upsSchemas.pickupCreationRequestSchema, body, 'body'),
    ...pickupRuleProblems(body?.PickupCreationRequest ?? {}, accountNumber),
  ]);
  if (bad) return bad;
  const r = body!.PickupCreationRequest;
  const { PickupDate: date, ReadyTime: ready, CloseTime: close } = r.PickupDateInfo;
  const day = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T12:00:00Z`).getUTCDay();
  if (day === 0) return error(400, '9510113', 'Pickup is not available on the requested date (no Sunday service at this address)');
  if (minutes(close) - minutes(ready) < 60) return error(400, '9510114', 'The pickup window must be at least 60 minutes');
  const prn = `2929${String(randomInt(10_000_000)).padStart(7, '0')}`;
  x.state.pickups.set(prn, { prn, accountNumber, date, ready, close, pieces: Number(r.PickupPiece[0].Quantity), cancelled: false });
  return { status: 200, body: { PickupCreationResponse: {
    Response: { ResponseStatus: success, TransactionReference: r.Request.TransactionReference ?? {} },
    PRN: prn, RateStatus: { Code: '01', Description: 'Rated' },
  } } };
}

/** DELETE /api/shipments/{version}/pickup/{CancelBy}, the PRN in the `Prn` header (CancelBy 02). */
export function cancelPickup(x: Exchange, accountNumber: string): DoubleAnswer {
  const [, , , version, , cancelBy] = x.path.split('/');
  const prn = x.headers.prn;
  const bad = x.violate([
    ...headerProblems(x, false),
    ...schemaProblems(upsSchemas.pickupCancelPathSchema, { version, CancelBy: cancelBy }, 'path'),
    ...schemaProblems(upsSchemas.pickupCancelHeadersSchema, prn === undefined ? {} : { prn }, 'headers'),
    ...(cancelBy === '02' && !prn ? ['the Prn header is required when CancelBy is 02'] : []),
  ]);
  if (bad) return bad;
  const pickup = prn ? x.state.pickups.get(prn) : undefined;
  if (!pickup || pickup.accountNumber !== accountNumber) return error(400, '9510131', 'No pickup found for the PRN');
  if (pickup.cancelled) return error(400, '9510132', 'The pickup has already been cancelled');
  pickup.cancelled = true;
  return { status: 200, body: { PickupCancelResponse: { Response: { ResponseStatus: success }, PickupType: '01' } } };
}
