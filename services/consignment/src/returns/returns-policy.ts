import { serviceId } from '@waybill/carrier-model';
import { SchemaId, validate, type ReturnsPolicy } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import type { Carrier, CarrierServiceDef } from '@waybill/carrier-model';
import type { Warehouse } from '../companies/company.repository';

/** What checking a policy needs of the company: its warehouses and services by id. */
export interface PolicyContext {
  warehouse(id: string): Pick<Warehouse, 'company' | 'name'> | undefined;
  service(id: string): { carrier: Pick<Carrier, 'name'>; service: Pick<CarrierServiceDef, 'name' | 'return'> } | undefined;
}

export type { ReturnsPolicy };

/** A company that never wrote a policy: returns off (docs/api/returns.md#the-returns-policy). */
export const NO_POLICY: ReturnsPolicy = {
  enabled: false, window_days: 30, reasons: [], warehouse_id: null, service_id: 'auto', countries: ['GB'], instructions: null,
};

/** The demo company's policy (docs/demo.md): what a UK fashion retailer starts with. */
export const DEMO_POLICY: ReturnsPolicy = {
  enabled: true, window_days: 30,
  reasons: [
    { code: 'too_small', label: 'Too small' },
    { code: 'too_large', label: 'Too large' },
    { code: 'not_as_described', label: 'Not as described' },
    { code: 'damaged', label: 'Arrived damaged' },
    { code: 'changed_mind', label: 'Changed my mind' },
  ],
  warehouse_id: null, service_id: 'auto', countries: ['GB', 'IE'],
  instructions: 'Pack the items in their original packaging, stick the label on the parcel and hand it to the carrier.',
};

/**
 * A new policy checked against the schema and the company: the warehouse one of its warehouses, the
 * service one of its return services (or `auto`), reason codes distinct. Throws InvalidError naming the field.
 */
export function checkPolicy(body: unknown, ctx: PolicyContext): ReturnsPolicy {
  const checked = validate(SchemaId.ReturnsPolicy, body);
  if (!checked.ok) throw new InvalidError(checked.errors);
  const p = body as ReturnsPolicy;
  const errors: Record<string, string[]> = {};
  const warehouse = p.warehouse_id === null ? undefined : ctx.warehouse(p.warehouse_id);
  const service = p.service_id === null || p.service_id === 'auto' ? undefined : ctx.service(p.service_id);
  if (p.warehouse_id !== null && !warehouse) {
    errors.warehouse_id = [`"${p.warehouse_id}" is not one of the company's warehouses (GET /warehouses lists them).`];
  }
  if (p.service_id !== null && p.service_id !== 'auto' && service?.service.return !== true) {
    errors.service_id = [`"${p.service_id}" is not one of the company's return services (those with "return": true in GET /carrierservices), nor "auto".`];
  }
  const codes = new Set<string>();
  p.reasons.forEach((r, i) => {
    if (codes.has(r.code)) errors[`reasons.${i}.code`] = [`"${r.code}" is given twice.`];
    codes.add(r.code);
  });
  if (new Set(p.countries).size !== p.countries.length) errors.countries = ['A country is given twice.'];
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
  // Kept as GET /warehouses and GET /carrierservices spell them, whatever case the request used.
  return {
    ...p, instructions: p.instructions?.trim() || null,
    warehouse_id: warehouse ? `${warehouse.company}|${warehouse.name}` : null,
    service_id: service ? serviceId(service.carrier, service.service) : p.service_id,
  };
}
