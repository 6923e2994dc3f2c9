import { CarrierRejection, hasCapability, serviceId as toServiceId, type Address, type ParcelSpec } from '@waybill/carrier-model';
import type { Warehouse } from '../companies/company.repository';
import type { AllocationTarget } from './consignment.input';
import type { ConsignmentData } from './consignment.table';
import { bookingRequest } from './consignment.booking-request';

export interface Allocation {
  carrierId: string;
  serviceId: string;
  consignmentNumber: string;
  /** The carrier account that booked it, where the carrier is reached through one (carrier-link); else null. */
  account: string | null;
  trackingUrl: string;
  trackingNumbers: string[];
  options: Record<string, string>;
}

/**
 * `outcomeUnknown`: the carrier's call timed out or met an outage after it went out, so the carrier may
 * have booked it: the consignment stays Unallocated and the call is listed for the operator.
 */
export type AllocationOutcome =
  | { allocated: true; allocation: Allocation }
  | { allocated: false; rejectionReason: string | null; outcomeUnknown?: { carrier: string; reason: string } };

/** A carrier's reason, prefixed with its name unless it names the carrier already (real carriers' adapters do). */
function reasonFrom(carrierName: string, err: CarrierRejection): string {
  return err.named ? err.reason : `${carrierName}: ${err.reason}`;
}

const TO_KG: Record<string, number> = { g: 0.001, kg: 1 };
const TO_CM: Record<string, number> = { mm: 0.1, cm: 1, m: 100, in: 2.54, ft: 30.48 };

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function parcelsOf(data: ConsignmentData): ParcelSpec[] {
  return (data.packages ?? []).map((p) => {
    const kg = TO_KG[String(p.weight_unit ?? 'kg')] ?? 1;
    const cm = TO_CM[String(p.dimensions_unit ?? 'cm')] ?? 1;
    const w = num(p.weight);
    const scale = (v: unknown) => (num(v) === null ? null : Math.round(num(v)! * cm * 100) / 100);
    return {
      weightKg: w === null ? null : Math.round(w * kg * 1000) / 1000,
      lengthCm: scale(p.length), widthCm: scale(p.width), heightCm: scale(p.height),
      reference: (p.reference as string | null) ?? null,
    };
  });
}

export function destinationOf(data: ConsignmentData): Address {
  const r = data.recipient as { name?: string; company_name?: string; address: Address };
  return { ...r.address, name: r.name ?? null, company_name: r.company_name ?? null };
}

/**
 * Books the consignment with the carrier. A refusal is an outcome, not an error: the consignment stays
 * Unallocated and the reason is shown to the merchant.
 */
export async function allocate(
  target: AllocationTarget, data: ConsignmentData, warehouse: Warehouse, options: Record<string, string>,
  ids: { company: string; identifier: string; orderNumber: string },
): Promise<AllocationOutcome> {
  if (target.kind === 'none' || target.kind === 'rules') return { allocated: false, rejectionReason: null };
  // A carrier that does not book through Waybill (it declares no `book`) is never asked to.
  if (!hasCapability(target.carrier.capabilities.supports, 'book')) {
    return { allocated: false, rejectionReason: `${target.carrier.name}: this carrier does not take bookings through Waybill` };
  }
  const destination = destinationOf(data);
  const service = target.kind === 'service' ? target.service : target.carrier.defaultService(warehouse.address, destination);
  try {
    const booking = await target.carrier.book(bookingRequest(data, {
      company: ids.company, identifier: ids.identifier, orderNumber: ids.orderNumber,
      serviceName: service.name, warehouse, destination, parcels: parcelsOf(data), options,
    }));
    return {
      allocated: true,
      allocation: {
        carrierId: target.carrier.identifier, serviceId: toServiceId(target.carrier, service),
        consignmentNumber: booking.consignmentNumber, account: booking.account ?? null, trackingUrl: booking.trackingUrl,
        trackingNumbers: booking.trackingNumbers, options: booking.appliedOptions,
      },
    };
  } catch (err) {
    if (!(err instanceof CarrierRejection)) throw err;
    const rejectionReason = reasonFrom(target.carrier.name, err);
    if (!err.outcomeUnknown) return { allocated: false, rejectionReason };
    return { allocated: false, rejectionReason, outcomeUnknown: { carrier: target.carrier.identifier, reason: rejectionReason } };
  }
}

/** Writes the carrier's tracking numbers onto the packages (or clears them on unallocation). */
export function withTrackingNumbers(data: ConsignmentData, numbers: string[] | null): ConsignmentData {
  const packages = (data.packages ?? []).map((p, i) => ({ ...p, tracking_number: numbers ? numbers[i] ?? null : null }));
  return { ...data, packages };
}
