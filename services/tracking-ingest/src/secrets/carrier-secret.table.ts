import type { ColumnType } from 'kysely';

export interface CarrierSecretsTable {
  carrier_id: string;
  /** SecretBox.seal(secret, carrier_id). */
  secret_sealed: string;
  updated_at: ColumnType<Date, string | undefined, string>;
}
