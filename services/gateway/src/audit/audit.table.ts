import type { ColumnType, Generated } from 'kysely';

/** One recorded change (docs/operations.md#audit-log). Never holds a secret: only names, ids and the action. */
export interface AuditLogTable {
  seq: Generated<string>;
  company: string;
  at: ColumnType<Date, Date | undefined, never>;
  actor: string;
  principal: string;
  action: string;
  target: string | null;
  source_ip: string | null;
}
