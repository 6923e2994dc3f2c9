import { ConflictError } from '@waybill/http';
import type { Kysely } from 'kysely';
import type { DocumentsDb } from '../database';
import { recordLabelsPrinted } from '../events/labels-printed.event';
import { buildInvoice } from '../invoices/invoice.model';
import { drawnCarrier, labelFacts, labelTrackingNumbers } from '../labels/label.facts';
import type { ConsignmentPeer } from '../peers/consignment.peer';
import { findSettings } from '../settings/settings.repository';
import type { ConsignmentView } from './consignment.view';
import { DocumentCache } from './documents.cache';
import { parseDocumentQuery, requestKey, type DocumentRequest } from './documents.query';
import type { CarrierLinkClient } from '@waybill/carrier-link-client';
import { renderDocuments, sizeOf, type RenderedDocuments } from './documents.render';
import { returnSenderOf, senderOf, type WarehouseView } from './sender';

export interface DocumentsDeps {
  db: Kysely<DocumentsDb>;
  peer: ConsignmentPeer;
  /**
   * carrier-link, the one carrier port: how to draw the labels of a carrier whose labels Waybill draws,
   * and the labels a carrier made itself, stored when it booked them.
   */
  carrierLink: Pick<CarrierLinkClient, 'deployed' | 'labelDrawing' | 'labels'>;
  cache: DocumentCache<RenderedDocuments>;
  /** Called after the printed event is committed, so the outbox relay publishes it at once. */
  afterCommit: () => void;
}

/** An Unallocated consignment is allocated by the company's rules first (docs/api/allocation.md), as Scurri does. */
async function printable(deps: DocumentsDeps, company: string, identifier: string): Promise<ConsignmentView> {
  const c = await deps.peer.consignment(company, identifier);
  const status = c.current_status.status;
  if (status === 'Cancelled') throw new ConflictError('Consignment is Cancelled and has no documents.');
  // docs/api/retention.md: the recipient's personal data was erased, and its documents with it.
  if (c.erased) throw new ConflictError('The consignment\'s personal data was erased; its labels and customs documents were deleted.');
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
  const bar = c.service_id?.indexOf('|') ?? -1;
  if (!c.service_id || bar < 0 || !deps.carrierLink.deployed) throw new ConflictError(`service_id: carrier service "${c.service_id ?? ''}" cannot print labels here.`);
  const warehouse = shipFrom(await deps.peer.warehouses(company), c.warehouse_id ?? null);
  const sender = c.sender ? returnSenderOf(c.sender, settings.contact) : senderOf(warehouse, settings.contact, c.custom_attributes);
  const { current_status: _status, ...content } = c;
  const key = DocumentCache.key(c.identifier, [company, content, sender, settings, requestKey(request)]);
  let docs = deps.cache.get(key);
  if (!docs) {
    // Every carrier is reached through carrier-link: it says how to draw the labels, or that they are the carrier's own.
    const drawing = await deps.carrierLink.labelDrawing(company, {
      carrier: c.service_id.slice(0, bar), service: c.service_id.slice(bar + 1),
      origin: { address1: sender.address1, city: sender.city, postcode: sender.postcode, country: sender.country },
      destination: { ...c.recipient.address, name: c.recipient.name ?? null, company_name: c.recipient.company_name ?? null },
      tracking_numbers: labelTrackingNumbers(c),
    });
    if (!drawing.drawn_by_waybill) {
      // The carrier's labels are its own, made at booking and kept by carrier-link: never booked again.
      const stored = await deps.carrierLink.labels(company, c.identifier, storedLabelQuery(request));
      await markPrinted(deps, company, c);
      return { labels: stored.labels, invoices: stored.invoices, label_format: request.documentType };
    }
    const invoice = drawing.requires_customs ? buildInvoice(c, sender, drawing.carrier.name) : null;
    const facts = labelFacts({ consignment: c, sender, carrier: drawnCarrier(drawing), service: drawing.service });
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
