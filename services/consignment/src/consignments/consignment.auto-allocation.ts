import { InternalTokenSigner } from '@waybill/internal-auth';
import { ServiceClient } from '@waybill/http';
import type { Kysely } from 'kysely';
import type { Logger } from '@waybill/logger';
import type { ConsignmentDb } from '../database';
import { recordCarrierCallAnomaly } from '../anomalies/anomaly.repository';
import type { CompanyContext } from '../companies/company.context';
import { warehouseId } from '../companies/company.context';
import type { Warehouse } from '../companies/company.repository';
import { allocate, type AllocationOutcome } from './consignment.allocation';
import type { AllocationTarget } from './consignment.input';
import type { ConsignmentData } from './consignment.table';

/** Asks the delivery-options service which services the company's rules give, best first. */
export interface AllocationRules {
  candidates(company: string, consignment: Record<string, unknown>): Promise<string[]>;
}

export const NO_RULE_REASON = 'No allocation rule gives a service for this consignment.';
export const RULES_UNAVAILABLE_REASON = 'The allocation rules could not be consulted just now; try again shortly.';

/** The internal API of the delivery-options service (POST /companies/:company/allocation-candidates). */
export function allocationRulesClient(peers: Record<string, string>, internalJwtSecret: string): AllocationRules {
  const client = new ServiceClient(peers, new InternalTokenSigner(internalJwtSecret));
  return {
    async candidates(company, consignment) {
      const res = await client.request<{ candidates?: Array<{ service_id: string }> }>(
        'delivery-options', 'POST', `/companies/${encodeURIComponent(company)}/allocation-candidates`,
        { company, principal: 'service:consignment' }, consignment, 10_000,
      );
      if (res.status !== 200 || !Array.isArray(res.body?.candidates)) throw new Error(`delivery-options answered ${res.status}`);
      return res.body.candidates.map((c) => c.service_id);
    },
  };
}

export interface AutoAllocationDeps {
  db: Kysely<ConsignmentDb>;
  rules: AllocationRules;
  logger: Logger;
}

export interface AllocationSubject {
  data: ConsignmentData;
  warehouse: Warehouse;
  options: Record<string, string>;
  ids: { company: string; identifier: string; orderNumber: string };
  /** A return is booked on return services only, an outbound never on one (docs/api/returns.md). */
  direction?: 'outbound' | 'return';
}

const fitsDirection = (service: { return?: boolean }, s: AllocationSubject) => (service.return === true) === (s.direction === 'return');

/**
 * Allocation by rules (docs/api/allocation.md): the rules' candidates in the company's order of preference, each
 * booked in turn until a carrier accepts. A refusal by every carrier, or no candidate at all, is an
 * outcome with a rejection reason, never an error of the request.
 */
async function allocateByRules(deps: AutoAllocationDeps, ctx: CompanyContext, s: AllocationSubject): Promise<AllocationOutcome> {
  let candidates: string[];
  try {
    candidates = await deps.rules.candidates(s.ids.company, { ...s.data, warehouse_id: warehouseId(s.warehouse), options: s.options });
  } catch (err) {
    deps.logger.warn({ err, identifier: s.ids.identifier }, 'allocation rules unavailable');
    return { allocated: false, rejectionReason: RULES_UNAVAILABLE_REASON };
  }
  const refusals: string[] = [];
  for (const id of candidates) {
    const found = ctx.service(id);
    if (!found || !fitsDirection(found.service, s)) continue;
    const outcome = await allocate({ kind: 'service', ...found }, s.data, s.warehouse, s.options, s.ids);
    // A carrier that may have booked it is not followed by another: that could book the parcel twice.
    if (outcome.allocated || outcome.outcomeUnknown) return outcome;
    if (outcome.rejectionReason) refusals.push(outcome.rejectionReason);
  }
  if (refusals.length === 0) return { allocated: false, rejectionReason: NO_RULE_REASON };
  return { allocated: false, rejectionReason: `No carrier the rules allow accepted the consignment: ${refusals.join('; ')}` };
}

/**
 * Books what the client asked for: a service, a carrier's default service, or (`"auto"`) the rules' choice.
 * A carrier call whose outcome is unknown is recorded for the operator before anything else is written.
 */
export async function allocateTarget(deps: AutoAllocationDeps, ctx: CompanyContext, target: AllocationTarget, s: AllocationSubject): Promise<AllocationOutcome> {
  if (target.kind === 'service' && !fitsDirection(target.service, s)) {
    const why = s.direction === 'return' ? 'is not a return service' : 'is a return service, booked only for returns';
    return { allocated: false, rejectionReason: `${target.carrier.name}: ${target.service.name} ${why}` };
  }
  const outcome = target.kind === 'rules' ? await allocateByRules(deps, ctx, s) : await allocate(target, s.data, s.warehouse, s.options, s.ids);
  if (!outcome.allocated && outcome.outcomeUnknown) {
    deps.logger.warn({ identifier: s.ids.identifier, carrier: outcome.outcomeUnknown.carrier, reason: outcome.outcomeUnknown.reason }, 'booking outcome unknown');
    await recordCarrierCallAnomaly(deps.db, { company: s.ids.company, identifier: s.ids.identifier, ...outcome.outcomeUnknown });
  }
  return outcome;
}
