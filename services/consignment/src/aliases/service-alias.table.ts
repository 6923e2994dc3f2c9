import type { ColumnType } from 'kysely';

/** One alias of a company (migration 20261127000100): `alias_key` is the literal as matched, `alias` as written. */
export interface ServiceAliasesTable {
  company: string;
  alias_key: string;
  alias: string;
  /** The company service it stands for, `<carrier name>|<service name>` as /carrierservices spells it. */
  target: string;
  /** Order of the map as last PUT, so GET reads it back the same way. */
  position: number;
  updated_at: ColumnType<Date, string | undefined, string | undefined>;
}
