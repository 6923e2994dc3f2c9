import type { Transaction } from 'kysely';
import { EventType, type DeliveryRulesChangedData } from '@waybill/contracts';
import { newEnvelope, writeEvent } from '@waybill/messaging';
import type { DeliveryOptionsDb } from '../database';

/**
 * Written in the transaction that changes a company's rules, settings or rate sheets (outbox): every replica
 * consumes it and drops its compiled rules for that company.
 */
export async function recordRulesChanged(trx: Transaction<DeliveryOptionsDb>, company: string, change: DeliveryRulesChangedData['change'], ruleId: string | null, rateSheetId?: string): Promise<void> {
  const data: DeliveryRulesChangedData = rateSheetId === undefined ? { change, rule_id: ruleId } : { change, rule_id: null, rate_sheet_id: rateSheetId };
  await writeEvent(trx, newEnvelope(EventType.DeliveryRulesChanged, company, data));
}
