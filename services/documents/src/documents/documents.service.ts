import { ConflictError } from '@waybill/http';
import type { CarrierRegistry } from '@waybill/carrier-model';
import type { Kysely } from 'kysely';
import type { DocumentsDb } from '../database';
import { recordLabelsPrinted } from '../events/labels-printed.event';
import { buildInvoice } from '../invoices/invoice.model';
import { labelFacts } from '../labels/label.facts';
import type { ConsignmentPeer } from '../peers/consignment.peer';
import { findSettings } from '../settings/settings.repository';
import type { ConsignmentView } from './consignment.view';
import { DocumentCache } from './documents.cache';
import { parseDocumentQuery, requestKey, type DocumentRequest } from './documents.query';
import type { CarrierLinkClient } from '@waybill/carrier-link-client';
import { renderDocuments, sizeOf, type RenderedDocuments } from './documents.render';
import { senderOf, type WarehouseView } from './sender';

export interface DocumentsDeps {
  db: Kysely<DocumentsDb>;
  peer: ConsignmentPeer;
  registry: CarrierRegistry;
  /** Real carriers' labels, stored by carrier-link when it booked them. */
  carrierLink: CarrierLinkClient;
  cache: DocumentCache<RenderedDocuments>;
  /** Called after the printed event is committed, so the outbox relay publishes it at once. */
  afterCommit: () => void;
}

/** An Unallocated consignment is allocated by the company's rules first (API.md 5a), as Scurri does. */
async function printable(deps: DocumentsDeps, company: string, identifier: string): Promise<ConsignmentView> {
  const c = await deps.peer.consignment(company, identifier);
  const status = c.current_status.status;
  if (status === 'Cancelled') throw new ConflictError('Consignment is Cancelled and has no documents.');
  return status === 'Unallocated' ? deps.peer.allocateByRules(company, identifier) : c;
}

/** The consignment's creation time stamps the PDFs (never the current time, so reprints are identical). */
function createdAt(c: ConsignmentView): Date {
  const d = new Date(c.create_date);
  return Number.isNaN(d.getTime()) ? new Date(0) : d;
}

function shipFrom(warehouses: WarehouseView[], warehouseId: string | null): WarehouseView {
  const w = warehouses.find((x) => x.identifier === warehouseId) ?? warehouses.find((x) => x.is_default) ?? warehouses[0];
  if (!w) throw new ConflictError('warehouse_id: the company has no warehouse to ship from.');
  return w;
}

/**
 * Labels (and the customs invoice where the carrier needs one) of a consignment. Every check that can
 * refuse the request runs before anything is printed; fetching the documents of an Allocated
 * consignment then has the consignment service move it to Printed before the answer goes out.
 */
export async function consignmentDocuments(deps: DocumentsDeps, company: string, identifier: string, query: Record<string, unknown>): Promise<RenderedDocuments> {
  const settings = await findSettings(deps.db, company);
  const request = parseDocumentQuery(query, settings.labelSizes);
  const c = await printable(deps, company, identifier);
  const found = c.service_id ? deps.registry.findService(c.service_id) : undefined;
  if (!found) {
    if (!c.service_id || !deps.carrierLink.deployed) throw new ConflictError(`service_id: carrier service "${c.service_id ?? ''}" cannot print labels here.`);
    // A real carrier's labels are its own, made at booking and kept by carrier-link: never booked again.
    const stored = await deps.carrierLink.labels(company, c.identifier, storedLabelQuery(request));
    await markPrinted(deps, company, c);
    return { labels: stored.labels, invoices: stored.invoices, label_format: request.documentType };
  }
  const warehouse = shipFrom(await deps.peer.warehouses(company), c.warehouse_id ?? null);
  const sender = senderOf(warehouse, settings.contact, c.custom_attributes);
  const customs = found.carrier.requiresCustoms(warehouse.address.country, c.recipient.address.country);
  const invoice = customs ? buildInvoice(c, sender, found.carrier.name) : null;
  const { current_status: _status, ...content } = c;
  const key = DocumentCache.key(c.identifier, [company, content, sender, settings, requestKey(request)]);
  let docs = deps.cache.get(key);
  if (!docs) {
    const facts = labelFacts({ consignment: c, sender, carrier: found.carrier, service: found.service });
    docs = await renderDocuments({ facts, invoice, settings, request, createdAt: createdAt(c), title: `Labels ${c.order_number}` });
    deps.cache.set(key, docs, sizeOf(docs));
  }
  await markPrinted(deps, company, c);
  return docs;
}

/**
 * The event tells every other context; the call makes the owner commit Printed before the client hears
 * 200, so a GET right after shows it. Failing that, the client gets a 503 and asks again.
 */
async function markPrinted(deps: DocumentsDeps, company: string, c: ConsignmentView): Promise<void> {
  if (c.current_status.status !== 'Allocated') return;
  await recordLabelsPrinted(deps.db, company, c.identifier);
  deps.afterCommit();
  await deps.peer.markPrinted(company, c.identifier);
}

/** The documents request as carrier-link's stored labels take it (already validated here). */
function storedLabelQuery(r: DocumentRequest): Record<string, string> {
  return { documenttype: r.documentType, label_size: r.labelSize, dpi: String(r.dpi), compression: r.compression, label_quantity: String(r.labelQuantity) };
}
