import type { Migration } from 'kysely';
import * as credentials from './20260101000000_credentials';
import * as consoleSessions from './20261122000000_console_sessions';
import * as auditLog from './20261127000000_audit_log';
import { inboxMigration } from '@waybill/messaging';

export const migrations: Record<string, Migration> = {
  '20260101000000_credentials': credentials,
  '20261122000000_console_sessions': consoleSessions,
  '20261127000000_audit_log': auditLog,
  // The inbox of the retention sweep's erasures (src/audit/audit.erasures.ts): each recorded once.
  '20261127230000_inbox': inboxMigration,
};
