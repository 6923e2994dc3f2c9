import type { ColumnType } from 'kysely';
import type { AuditLogTable } from '../audit/audit.table';

export interface CompaniesTable {
  slug: string;
  name: string;
  created_at: ColumnType<Date, never, never>;
}

export interface UsersTable {
  username: string;
  company: string;
  password_hash: string;
  created_at: ColumnType<Date, never, never>;
}

export interface SecretsTable {
  id: string;
  company: string;
  label: string;
  secret_hash: string;
  created_at: ColumnType<Date, never, never>;
  revoked_at: ColumnType<Date | null, never, string | null>;
}

export interface ConsoleSessionsTable {
  id_hash: string;
  company: string;
  principal: string;
  csrf_token: string;
  created_at: ColumnType<Date, Date, never>;
  last_seen_at: ColumnType<Date, Date, Date>;
}

export interface GatewayDb {
  companies: CompaniesTable;
  users: UsersTable;
  api_tokens: SecretsTable;
  delivery_keys: SecretsTable;
  console_sessions: ConsoleSessionsTable;
  audit_log: AuditLogTable;
}
