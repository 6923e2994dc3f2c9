import type { Kysely } from 'kysely';
import { newEnvelope, writeEvent } from '@waybill/messaging';
import type { DocumentsDb } from '../database';

/** Published when labels of an Allocated consignment were handed out; the consignment service moves it to Printed. */
export const LABELS_PRINTED = 'documents.labels.printed';

/** Through this service's outbox: the consignment service owns the status and learns it from the event. */
export async function recordLabelsPrinted(db: Kysely<DocumentsDb>, company: string, consignmentIdentifier: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeEvent(trx, newEnvelope(LABELS_PRINTED, company, { consignment_identifier: consignmentIdentifier }));
  });
}
