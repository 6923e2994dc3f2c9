import type { Kysely } from 'kysely';
import type { TrackingPageSettings } from '@waybill/contracts';
import type { TrackingDb } from '../database';

export type Branding = Required<{ [K in keyof TrackingPageSettings]: string | null }>;

export const NO_BRANDING: Branding = { display_name: null, logo_url: null, accent_colour: null, support_email: null };

export async function findBranding(db: Kysely<TrackingDb>, company: string): Promise<Branding> {
  const row = await db.selectFrom('tracking_page_settings').select(['display_name', 'logo_url', 'accent_colour', 'support_email'])
    .where('company', '=', company).executeTakeFirst();
  return row ?? NO_BRANDING;
}

export async function saveBranding(db: Kysely<TrackingDb>, company: string, b: Branding): Promise<void> {
  const values = { ...b, updated_at: new Date().toISOString() };
  await db.insertInto('tracking_page_settings').values({ company, ...values })
    .onConflict((oc) => oc.column('company').doUpdateSet(values)).execute();
}
