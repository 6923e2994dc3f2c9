import type { Transaction } from 'kysely';
import { EventType, type DeliveryRulesChangedData } from '@waybill/contracts';
import { newEnvelope, writeEvent } from '@waybill/messaging';
import type { DeliveryOptionsDb } from '../database';

/**
 * Written in the transaction that changes a company's rules or settings (outbox): every replica
 * consumes it and drops its compiled rules for that company.
 */
export async function recordRulesChanged(trx: Transaction<DeliveryOptionsDb>, company: string, change: DeliveryRulesChangedData['change'], ruleId: string | null): Promise<void> {
  await writeEvent(trx, newEnvelope(EventType.DeliveryRulesChanged, company, { change, rule_id: ruleId }));
}
