import type { Kysely } from 'kysely';
import type { Address, Contact } from '@waybill/carrier-model';
import type { ConsignmentDb } from '../database';

export interface CompanySettings {
  company: string;
  extraCustomFields: boolean;
  trackingEnabled: boolean;
}

export interface Warehouse {
  company: string;
  name: string;
  address: Address;
  timezone: string;
  isDefault: boolean;
  /** Daily collection cutoff, `HH:MM` local time; bookings after it ship the next working day. */
  cutoff?: string | null;
  /** The sender's contact for carriers that need one (the company's documents settings); loaded only for real carriers. */
  contact?: Contact | null;
}

export async function findSettings(db: Kysely<ConsignmentDb>, company: string): Promise<CompanySettings | undefined> {
  const row = await db.selectFrom('company_settings').selectAll().where('company', '=', company).executeTakeFirst();
  return row && { company: row.company, extraCustomFields: row.extra_custom_fields, trackingEnabled: row.tracking_enabled };
}

export async function upsertSettings(db: Kysely<ConsignmentDb>, s: CompanySettings): Promise<void> {
  await db.insertInto('company_settings')
    .values({ company: s.company, extra_custom_fields: s.extraCustomFields, tracking_enabled: s.trackingEnabled })
    .onConflict((oc) => oc.column('company').doUpdateSet({ extra_custom_fields: s.extraCustomFields, tracking_enabled: s.trackingEnabled }))
    .execute();
}

export async function listWarehouses(db: Kysely<ConsignmentDb>, company: string): Promise<Warehouse[]> {
  const rows = await db.selectFrom('warehouses').selectAll().where('company', '=', company).orderBy('created_at').orderBy('name').execute();
  return rows.map((r) => ({ company: r.company, name: r.name, address: r.address, timezone: r.timezone, isDefault: r.is_default, cutoff: r.collection_cutoff }));
}

export async function upsertWarehouse(db: Kysely<ConsignmentDb>, w: Warehouse): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (w.isDefault) await trx.updateTable('warehouses').set({ is_default: false }).where('company', '=', w.company).execute();
    await trx.insertInto('warehouses')
      .values({ company: w.company, name: w.name, address: JSON.stringify(w.address), timezone: w.timezone, is_default: w.isDefault, collection_cutoff: w.cutoff ?? null })
      .onConflict((oc) => oc.columns(['company', 'name']).doUpdateSet({ address: JSON.stringify(w.address), timezone: w.timezone, is_default: w.isDefault, collection_cutoff: w.cutoff ?? null }))
      .execute();
  });
}

export async function enabledCarrierIds(db: Kysely<ConsignmentDb>, company: string): Promise<string[]> {
  const rows = await db.selectFrom('company_carriers').select('carrier_id').where('company', '=', company).orderBy('carrier_id').execute();
  return rows.map((r) => r.carrier_id);
}

export async function enableCarrier(db: Kysely<ConsignmentDb>, company: string, carrierId: string): Promise<void> {
  await db.insertInto('company_carriers').values({ company, carrier_id: carrierId }).onConflict((oc) => oc.doNothing()).execute();
}
