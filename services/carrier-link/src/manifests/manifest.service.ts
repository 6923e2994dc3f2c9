import { CarrierRejection } from '@waybill/carriers';
import type { CarrierLinkDeps } from '../deps';
import { carrierOf, noAccountReason, openCarrierOf } from '../bookings/booking.service';
import { liveAccountOf, recordAnomaly } from '../bookings/booking.repository';
import { findManifest, saveManifest } from './manifest.repository';
import { manifestInput } from './manifest.input';
import type { CarrierManifestRow } from './manifest.table';
import { recordingCalls } from '../calls/call.scope';

/** `named`: the refusal names the carrier already (as a CarrierRejection says). */
export type ManifestAnswer =
  | { manifested: true; reference: string; scope: 'listed' | 'account'; document: string | null }
  | { manifested: false; rejection_reason: string; outcome_unknown: boolean; named?: false };

const answerOf = (row: CarrierManifestRow): ManifestAnswer => ({
  manifested: true, reference: row.reference, scope: row.scope, document: row.document ? Buffer.from(row.document).toString('base64') : null,
});

/**
 * Submits a manifest to the carrier through the company's account, once per manifest identifier: a
 * repeated submission answers the stored answer without calling the carrier. The carrier's answer says
 * what it covered (`account`: every labelled order of the account) and carries its PDF where it made one.
 */
export async function submitManifest(deps: CarrierLinkDeps, company: string, body: unknown): Promise<ManifestAnswer> {
  const { carrier, request } = manifestInput(body, company);
  const stored = await findManifest(deps.db, company, request.manifestId);
  if (stored) return answerOf(stored);
  const open = openCarrierOf(deps, carrier);
  const account = open ? undefined : await liveAccountOf(deps.db, company, carrier);
  if (!open && (!account || !deps.adapters.has(carrier))) return { manifested: false, rejection_reason: noAccountReason(deps, carrier), outcome_unknown: false };
  try {
    const m = await (account ? recordingCalls(deps, account, null, () => carrierOf(deps, account).manifest(request)) : open!.manifest(request));
    await saveManifest(deps.db, {
      company, manifest_id: request.manifestId, account_id: account?.id ?? null, carrier: open?.identifier ?? carrier, reference: m.reference, scope: m.scope ?? 'listed', document: m.document ?? null,
    });
  } catch (err) {
    if (!(err instanceof CarrierRejection)) throw err;
    if (err.outcomeUnknown && account) await recordAnomaly(deps, { company, account, operation: 'manifest', consignment: null, reason: err.reason });
    return { manifested: false, rejection_reason: err.reason, outcome_unknown: err.outcomeUnknown, ...(open && !err.named ? { named: false } : {}) };
  }
  return answerOf((await findManifest(deps.db, company, request.manifestId))!);
}
