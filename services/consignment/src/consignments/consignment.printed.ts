import type { Transaction } from 'kysely';
import { NotFoundError } from '@waybill/http';
import type { ConsignmentDb } from '../database';
import type { CompanyContext } from '../companies/company.context';
import type { ConsignmentDeps } from './consignment.deps';
import { findByIdentifier, moveStatusIf, recordStatus } from './consignment.repository';
import { ConsignmentEvents, recordEvents } from './consignment.events';
import { toApi } from './consignment.mapper';

/**
 * Labels of an Allocated consignment were handed out, so it is Printed. Only an Allocated consignment
 * moves: asked again (the documents service's call, then its event; a redelivery), it finds the
 * consignment Printed, Manifested or Unallocated and changes nothing. True when it moved.
 */
export async function markPrintedIn(
  trx: Transaction<ConsignmentDb>, ctx: CompanyContext, company: string, identifier: string,
): Promise<boolean> {
  const row = await moveStatusIf(trx, company, identifier, 'Allocated', 'Printed');
  if (!row) return false;
  await recordStatus(trx, company, identifier, 'Printed', null);
  await recordEvents(trx, company, [
    { type: ConsignmentEvents.statusChanged, data: { consignment: toApi(row, ctx.names, ctx.settings.extraCustomFields), from: 'Allocated', to: 'Printed' } },
  ]);
  return true;
}

/**
 * The documents service's synchronous question (docs/api/labels-and-documents.md: a documents 200 means Printed is committed):
 * marks the consignment Printed if it is Allocated and answers it as it now stands.
 */
export async function markPrinted(deps: ConsignmentDeps, company: string, identifier: string): Promise<Record<string, unknown>> {
  const ctx = await deps.companies.get(company);
  const moved = await deps.db.transaction().execute((trx) => markPrintedIn(trx, ctx, company, identifier));
  if (moved) deps.afterCommit();
  const row = await findByIdentifier(deps.db, company, identifier);
  if (!row) throw new NotFoundError();
  return toApi(row, ctx.names, ctx.settings.extraCustomFields);
}
