import type { Generated } from 'kysely';

export interface InboxTable {
  event_id: string;
  consumer: string;
  processed_at: Generated<Date>;
}

export interface InboxDatabase {
  inbox: InboxTable;
}
