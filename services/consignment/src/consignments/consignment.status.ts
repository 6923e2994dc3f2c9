import { ConflictError } from '@waybill/http';

export const STATUSES = ['Unallocated', 'Allocated', 'Printed', 'Manifested', 'Despatched', 'Delivered', 'Exception', 'Cancelled'] as const;
export type ConsignmentStatus = (typeof STATUSES)[number];

/** Once handed to the carrier (or cancelled) a consignment is history: no edits, no cancel. */
const FROZEN: ReadonlySet<ConsignmentStatus> = new Set(['Manifested', 'Despatched', 'Delivered', 'Cancelled', 'Exception']);
const UNCANCELLABLE: ReadonlySet<ConsignmentStatus> = new Set(['Manifested', 'Despatched', 'Delivered', 'Exception']);

export function parseStatus(value: string): ConsignmentStatus | undefined {
  const v = value.trim().toLowerCase();
  return STATUSES.find((s) => s.toLowerCase() === v);
}

export function isAllocated(status: ConsignmentStatus): boolean {
  return status === 'Allocated' || status === 'Printed';
}

export function assertEditable(status: ConsignmentStatus): void {
  if (FROZEN.has(status)) throw new ConflictError(`Consignment is ${status} and can no longer be changed.`);
}

export function assertCancellable(status: ConsignmentStatus): void {
  if (UNCANCELLABLE.has(status)) throw new ConflictError(`Consignment is ${status} and can no longer be cancelled.`);
}

export function shortForm(status: ConsignmentStatus): string {
  return status.toLowerCase();
}
