import type { Kysely } from 'kysely';
import { applyPumpCycle, dropPumpCycle } from './functions/pump-cycle.function';

/**
 * Creates `pump_cycle`, the delivery pump's cycle in one round trip. Its source is one file,
 * `functions/pump-cycle.function.ts`; a later change edits that file and adds a migration that applies it
 * again (`create or replace`), so no migration carries a copy of the function.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await applyPumpCycle(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropPumpCycle(db);
}
