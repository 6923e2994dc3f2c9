import { CarrierRejection, serviceId as toServiceId, type Address, type ParcelSpec } from '@waybill/carriers';
import type { Warehouse } from '../companies/company.repository';
import type { AllocationTarget } from './consignment.input';
import type { ConsignmentData } from './consignment.table';

export interface Allocation {
  carrierId: string;
  serviceId: string;
  consignmentNumber: string;
  trackingUrl: string;
  trackingNumbers: string[];
  options: Record<string, string>;
}

export type AllocationOutcome =
  | { allocated: true; allocation: Allocation }
  | { allocated: false; rejectionReason: string | null };

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
  const destination = destinationOf(data);
  const service = target.kind === 'service' ? target.service : target.carrier.defaultService(warehouse.address, destination);
  try {
    const booking = await target.carrier.book({
      company: ids.company, consignmentIdentifier: ids.identifier, orderNumber: ids.orderNumber,
      serviceName: service.name, origin: warehouse.address, destination, parcels: parcelsOf(data), options,
      shippingDate: (data.shipping_date as string | null) ?? null,
    });
    return {
      allocated: true,
      allocation: {
        carrierId: target.carrier.identifier, serviceId: toServiceId(target.carrier, service),
        consignmentNumber: booking.consignmentNumber, trackingUrl: booking.trackingUrl,
        trackingNumbers: booking.trackingNumbers, options: booking.appliedOptions,
      },
    };
  } catch (err) {
    if (err instanceof CarrierRejection) return { allocated: false, rejectionReason: `${target.carrier.name}: ${err.reason}` };
    throw err;
  }
}

/** Writes the carrier's tracking numbers onto the packages (or clears them on unallocation). */
export function withTrackingNumbers(data: ConsignmentData, numbers: string[] | null): ConsignmentData {
  const packages = (data.packages ?? []).map((p, i) => ({ ...p, tracking_number: numbers ? numbers[i] ?? null : null }));
  return { ...data, packages };
}
