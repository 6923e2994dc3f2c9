import type { Transaction } from 'kysely';
import type { ErasedConsignment } from '@waybill/messaging';
import type { GatewayDb } from '../credentials/credentials.table';
import { recordAudit } from './audit.repository';

/** Who the audit log names for what the retention sweep erased: no person asked for it. */
export const RETENTION_ACTOR = 'system:retention';

/**
 * The retention sweep's erasures reach the audit log through consignment.consignment.erased, one entry per
 * consignment (a data protection officer asks which consignments were erased, and when). An erasure on
 * request is recorded when the gateway answers it (audit.recorder.ts), with the person who asked.
 */
export async function recordSweepErasure(trx: Transaction<GatewayDb>, e: ErasedConsignment): Promise<void> {
  if (e.reason !== 'retention') return;
  await recordAudit(trx, {
    company: e.company, actor: RETENTION_ACTOR, principal: RETENTION_ACTOR, action: 'consignment.erased', target: e.identifier, sourceIp: null, at: e.erasedAt,
  });
}
