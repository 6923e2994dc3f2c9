import { sql, type Transaction } from 'kysely';
import type { ErasedConsignment } from '@waybill/messaging';
import type { DispatcherDb } from '../database';

type Body = { trackings?: Array<{ consignment_identifier?: string; events?: Array<Record<string, unknown>> }> };

/** Tracking event fields that can carry personal data (a signatory's name, a neighbour's address). */
const PERSONAL_EVENT_FIELDS = ['description', 'location'];

/** The body with the erased consignment's tracking events reduced to their status and times. */
export function redactedBody(body: string, identifier: string): string {
  const parsed = JSON.parse(body) as Body;
  for (const t of parsed.trackings ?? []) {
    if (t.consignment_identifier !== identifier) continue;
    for (const e of t.events ?? []) for (const f of PERSONAL_EVENT_FIELDS) delete e[f];
  }
  return JSON.stringify(parsed);
}

/**
 * An erased consignment's copies here (docs/operations.md#retention-and-erasure): the stored webhook
 * bodies that name it (found through their indexed `consignment_identifiers`), whose tracking events
 * for it keep their status and times only. A resend then sends the redacted body. Proof-of-delivery
 * bodies keep their link, which answers 404 once tracking-ingest has deleted the document.
 */
export async function eraseConsignmentCopies(trx: Transaction<DispatcherDb>, e: ErasedConsignment): Promise<void> {
  const rows = await trx.selectFrom('messages').select(['event_id', 'body'])
    .where('company', '=', e.company)
    .where(sql<boolean>`consignment_identifiers @> ${JSON.stringify([e.identifier])}::jsonb`)
    .forUpdate()
    .execute();
  for (const r of rows) {
    const body = redactedBody(r.body, e.identifier);
    if (body !== r.body) await trx.updateTable('messages').set({ body }).where('event_id', '=', r.event_id).execute();
  }
}
