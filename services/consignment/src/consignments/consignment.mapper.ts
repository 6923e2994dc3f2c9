import type { CarrierRegistry } from '@waybill/carrier-model';
import { shortForm } from './consignment.status';
import type { ConsignmentRow } from './consignment.table';

const OPTIONAL_FIELDS = [
  'expected_delivery_date', 'shipping_method', 'shipping_date', 'order_value', 'currency', 'delivery_instructions',
  'custom_field_1', 'custom_field_2', 'origin_order_reference',
];
const EXTRA_FIELDS = ['custom_field_3', 'custom_field_4', 'custom_field_5'];

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'object' && Object.values(v as object).every((x) => x === null || x === undefined || x === ''));
}

/** The carrier's name as the service_id (`<carrier name>|<service name>`) stored it. */
export function carrierNameOf(serviceId: string | null): string | undefined {
  return serviceId ? serviceId.slice(0, serviceId.indexOf('|') < 0 ? serviceId.length : serviceId.indexOf('|')) : undefined;
}

/**
 * The one place a stored consignment becomes its public representation. `returns`: the identifiers of its
 * returns (docs/api/returns.md), where the caller looked them up; a representation in an event lists none.
 */
export function toApi(row: ConsignmentRow, registry: CarrierRegistry, extraCustomFields: boolean, returns: readonly string[] = []): Record<string, unknown> {
  const d = row.data;
  const carrierKey = row.carrier_id ?? row.requested_carrier;
  const serviceName = row.service_id ? row.service_id.slice(row.service_id.indexOf('|') + 1) : null;
  const out: Record<string, unknown> = {
    identifier: row.identifier,
    order_number: row.order_number,
    create_date: d.create_date,
    // A real carrier is not in the registry: its name is the service_id's carrier part.
    carrier: carrierKey ? registry.find(carrierKey)?.name ?? carrierNameOf(row.service_id) ?? carrierKey : null,
    service_id: row.service_id,
    service: serviceName,
    warehouse_id: row.warehouse_id,
  };
  for (const f of OPTIONAL_FIELDS) out[f] = d[f] ?? null;
  if (extraCustomFields) for (const f of EXTRA_FIELDS) out[f] = d[f] ?? null;
  out.recipient = d.recipient;
  out.packages = (d.packages ?? []).map((p) => ({ ...p, tracking_number: p.tracking_number ?? null }));
  if (!isEmpty(d.export_customs)) out.export_customs = d.export_customs;
  // As sent, allocated or not (docs/api/consignments.md): the carrier picks the keys it uses when it books.
  out.options = { ...(row.requested_options ?? {}) };
  out.invoice = d.invoice ?? null;
  out.custom_attributes = d.custom_attributes ?? null;
  out.current_status = { status: row.status, short_form: shortForm(row.status), rejection_reason: row.rejection_reason };
  out.consignment_number = row.consignment_number;
  out.tracking_url = row.tracking_url;
  out.direction = row.direction ?? 'outbound';
  out.return_for = row.return_for ?? null;
  out.returns = [...returns];
  if (row.direction === 'return') {
    out.sender = d.sender ?? null;
    out.return_reason = d.return_reason ?? null;
    out.return_items = d.return_items ?? [];
  }
  // docs/api/retention.md: the recipient's personal data was erased (on request or by the retention sweep).
  out.erased = row.erased_at !== null && row.erased_at !== undefined;
  return out;
}
