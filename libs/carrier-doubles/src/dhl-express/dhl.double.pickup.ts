import { dhlPickupRequestSchema } from '@waybill/carriers';
import { schemaProblems, type DoubleAnswer, type DoubleRequest } from '../kit/double-server';
import { dhlProblem } from './dhl.double.routes';
import type { DhlDoubleAccount, DhlDoubleState } from './dhl.double.state';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Violate = (p: string[]) => DoubleAnswer | undefined;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** What MyDHL's description says in words about a pickup on its own, checked on what Waybill sends. */
function pickupRuleProblems(b: Json, accountNumber: string): string[] {
  const problems: string[] = [];
  if (!b.accounts?.some((a: Json) => a.typeCode === 'shipper' && a.number === accountNumber)) problems.push("accounts must hold the shipper account of the request's credentials");
  const planned = String(b.plannedPickupDateAndTime ?? '');
  const days = (Date.parse(planned.slice(0, 10)) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
  if (days < 0 || days > 10) problems.push('plannedPickupDateAndTime must be today or within the next 10 days');
  if (b.closeTime && minutes(b.closeTime) <= minutes(planned.slice(11, 16))) problems.push('closeTime must be later than the planned pickup time');
  return problems;
}

/**
 * POST /pickups: a courier pickup on its own, answered with its dispatch confirmation number (`CBJ...`).
 * Refuses a Sunday (the double's territory has no Sunday courier) with MyDHL's problem shape.
 */
export function createPickup(s: DhlDoubleState, account: DhlDoubleAccount, req: DoubleRequest, violate: Violate): DoubleAnswer {
  const b = req.body as Json;
  const bad = violate([...schemaProblems(dhlPickupRequestSchema, b, 'body'), ...pickupRuleProblems(b ?? {}, account.accountNumber)]);
  if (bad) return bad;
  if (new Date(`${String(b.plannedPickupDateAndTime).slice(0, 10)}T12:00:00Z`).getUTCDay() === 0) {
    return dhlProblem(422, '1001: Pickup is not available on the requested date', 'Unprocessable Entity');
  }
  const number = `CBJ${s.next()}`;
  s.pickups.set(number, { cancelled: false });
  return { status: 201, body: { dispatchConfirmationNumbers: [number], readyByTime: String(b.plannedPickupDateAndTime).slice(11, 16), nextPickupDate: String(b.plannedPickupDateAndTime).slice(0, 10) } };
}
