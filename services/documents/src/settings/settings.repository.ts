import type { Kysely } from 'kysely';
import type { LabelSizeName } from '../labels/layout.model';
import type { InvoiceSize } from '../invoices/invoice.pdf';
import type { CompanyContact } from '../documents/sender';
import type { DocumentsDb } from '../database';

export interface DocumentSettings {
  labelSizes: LabelSizeName[];
  invoiceSize: InvoiceSize;
  /** 6x4 invoices printed in the labels PDF after the labels (one print job on the thermal printer). */
  concatenateInvoices: boolean;
  contact: CompanyContact;
}

/** A company nobody configured gets what every carrier accepts: 4x6 labels and A4 invoices. */
export const DEFAULT_SETTINGS: DocumentSettings = {
  labelSizes: ['4x6'], invoiceSize: 'A4', concatenateInvoices: false,
  contact: { name: null, email: null, phone: null, eori: null },
};

export async function findSettings(db: Kysely<DocumentsDb>, company: string): Promise<DocumentSettings> {
  const row = await db.selectFrom('company_settings').selectAll().where('company', '=', company).executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  return {
    labelSizes: row.label_sizes as LabelSizeName[],
    invoiceSize: row.invoice_size as InvoiceSize,
    concatenateInvoices: row.concatenate_invoices,
    contact: { name: row.sender_name, email: row.sender_email, phone: row.sender_phone, eori: row.eori_number },
  };
}

export async function upsertSettings(db: Kysely<DocumentsDb>, company: string, s: DocumentSettings): Promise<void> {
  const values = {
    label_sizes: JSON.stringify(s.labelSizes), invoice_size: s.invoiceSize, concatenate_invoices: s.concatenateInvoices,
    sender_name: s.contact.name, sender_email: s.contact.email, sender_phone: s.contact.phone, eori_number: s.contact.eori,
    updated_at: new Date().toISOString(),
  };
  await db.insertInto('company_settings').values({ company, ...values })
    .onConflict((oc) => oc.column('company').doUpdateSet(values))
    .execute();
}
