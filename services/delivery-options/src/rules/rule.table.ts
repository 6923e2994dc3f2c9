import type { ColumnType, Generated } from 'kysely';
import type { DeliveryRuleInput } from '@waybill/contracts';

/** A rule's own fields as stored: the validated input with defaults filled in, without read-only fields. */
export type RuleDefinition = Omit<DeliveryRuleInput, 'id' | 'created_at' | 'updated_at'> & {
  enabled: boolean;
  conditions: NonNullable<DeliveryRuleInput['conditions']>;
  schedule: NonNullable<DeliveryRuleInput['schedule']>;
};

export interface DeliveryRulesTable {
  id: string;
  seq: Generated<number>;
  company: string;
  definition: ColumnType<RuleDefinition, string, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, string>;
}

export interface RuleSettingsTable {
  company: string;
  allocation_preference: string;
  currency: string;
  updated_at: ColumnType<Date, never, string>;
}
