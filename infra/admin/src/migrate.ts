import { isContractMigration, migrateToLatest, openDatabase, pendingMigrations, type DbTarget, type Kysely } from '@waybill/db';
import { SCHEMA as GATEWAY, migrations as gateway } from '@waybill/gateway';
import { SCHEMA as CONSIGNMENT, migrations as consignment } from '@waybill/consignment';
import { SCHEMA as DELIVERY_OPTIONS, migrations as deliveryOptions } from '@waybill/delivery-options';
import { SCHEMA as DOCUMENTS, migrations as documents } from '@waybill/documents';
import { SCHEMA as MANIFEST, migrations as manifest } from '@waybill/manifest';
import { SCHEMA as WEBHOOKS, migrations as webhooks } from '@waybill/webhook-dispatcher';
import { SCHEMA as CARRIER_LINK, migrations as carrierLink } from '@waybill/carrier-link';
import { SCHEMA as TRACKING, migrations as tracking } from '@waybill/tracking-ingest';
import { SCHEMA as NOTIFICATIONS, migrations as notifications } from '@waybill/notifications';

/** Every service's schema and migrations: what `waybill migrate` (the Kubernetes migration Job) applies. */
export const SERVICE_MIGRATIONS = [
  { schema: GATEWAY, migrations: gateway },
  { schema: CONSIGNMENT, migrations: consignment },
  { schema: DELIVERY_OPTIONS, migrations: deliveryOptions },
  { schema: DOCUMENTS, migrations: documents },
  { schema: MANIFEST, migrations: manifest },
  { schema: WEBHOOKS, migrations: webhooks },
  { schema: CARRIER_LINK, migrations: carrierLink },
  { schema: TRACKING, migrations: tracking },
  { schema: NOTIFICATIONS, migrations: notifications },
];

/** Runs `fn` on a database scoped to one service schema, closed afterwards. */
export async function onSchema<T>(target: DbTarget, schema: string, fn: (db: Kysely<any>) => Promise<T>): Promise<T> {
  const database = openDatabase(target, schema);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Brings every schema to its latest migration without starting a service, so a rollout's migrations
 * run once, before the new replicas, instead of racing in each replica's start.
 */
export async function migrateAll(target: DbTarget, o: { contract?: boolean } = {}): Promise<string[]> {
  for (const { schema, migrations } of SERVICE_MIGRATIONS) {
    await onSchema(target, schema, (db) => migrateToLatest(db, schema, migrations, o.contract ? { contract: true } : {}));
  }
  return SERVICE_MIGRATIONS.map((s) => s.schema);
}

/**
 * What `waybill migrate` would apply, per schema (only schemas with something pending), without
 * changing anything: `waybill migrate --check` prints it and exits non-zero when it is not empty.
 */
export async function pendingAll(target: DbTarget): Promise<{ pending: Record<string, string[]>; contract: Record<string, string[]> }> {
  const pending: Record<string, string[]> = {};
  const contract: Record<string, string[]> = {};
  for (const { schema, migrations } of SERVICE_MIGRATIONS) {
    const names = await onSchema(target, schema, (db) => pendingMigrations(db, schema, migrations));
    const expand = names.filter((n) => !isContractMigration(n));
    if (expand.length > 0) pending[schema] = expand;
    if (expand.length < names.length) contract[schema] = names.filter(isContractMigration);
  }
  return { pending, contract };
}
