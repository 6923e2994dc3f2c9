import { zipSync } from 'fflate';
import type { Invoice } from '../invoices/invoice.model';
import { drawInvoice } from '../invoices/invoice.pdf';
import type { LabelFacts } from '../labels/label.facts';
import { layoutLabel } from '../labels/label.layout';
import { LABEL_SIZES, type LabelLayout } from '../labels/layout.model';
import { finishPdf, newPdf } from '../render/pdf.document';
import { drawLabelPage } from '../render/pdf.label';
import { pngLabels } from '../render/png.writer';
import { zplLabel } from '../render/zpl.writer';
import type { DocumentSettings } from '../settings/settings.repository';
import type { DocumentRequest, DocumentType } from './documents.query';

export interface RenderedDocuments {
  labels: string | string[];
  invoices: string | null;
  label_format: DocumentType;
}

export interface RenderInput {
  facts: LabelFacts[];
  invoice: Invoice | null;
  settings: DocumentSettings;
  request: DocumentRequest;
  /** The consignment's own date: the only date a document carries, so the bytes are reproducible. */
  createdAt: Date;
  title: string;
}

// Rendering a large consignment is CPU work: give other requests a turn every few labels.
const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));
const YIELD_EVERY = 20;

async function each<T>(layouts: LabelLayout[], copies: number, render: (l: LabelLayout) => T): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < layouts.length; i++) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldNow();
    const rendered = render(layouts[i]);
    for (let c = 0; c < copies; c++) out.push(rendered);
  }
  return out;
}

const copies = <T>(items: T[], n: number): T[] => items.flatMap((item) => Array<T>(n).fill(item));

async function labelsPdf(input: RenderInput, layouts: LabelLayout[]): Promise<string> {
  const doc = newPdf(input.createdAt, input.title);
  for (let i = 0; i < layouts.length; i++) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldNow();
    for (let c = 0; c < input.request.labelQuantity; c++) drawLabelPage(doc, layouts[i]);
  }
  const { invoice, settings } = input;
  if (invoice && settings.invoiceSize === '6x4' && settings.concatenateInvoices) drawInvoice(doc, invoice, '6x4', input.request.invoiceQuantity);
  return (await finishPdf(doc)).toString('base64');
}

async function labels(input: RenderInput): Promise<string | string[]> {
  const { request: r } = input;
  const layouts = input.facts.map((f) => layoutLabel(f, LABEL_SIZES[r.labelSize]));
  switch (r.documentType) {
    case 'application/pdf':
      return labelsPdf(input, layouts);
    case 'application/x-zebra-zpl':
      return (await each(layouts, r.labelQuantity, (l) => zplLabel(l, { dpi: r.dpi, compression: r.compression }))).join('\n');
    // PNG labels give the event loop a turn after each label themselves: that is when their pixels' memory comes back.
    case 'image/x-png-list':
      return copies((await pngLabels(layouts, r.dpi)).map((png) => png.toString('base64')), r.labelQuantity);
    case 'image/png': {
      const pngs = copies(await pngLabels(layouts, r.dpi), r.labelQuantity);
      const files = Object.fromEntries(pngs.map((png, i) => [`label-${String(i + 1).padStart(3, '0')}.png`, png]));
      // PNG is already deflated: store the entries as they are.
      return Buffer.from(zipSync(files, { level: 0, mtime: input.createdAt })).toString('base64');
    }
  }
}

/** Labels in the requested format, and the customs invoice (always PDF) when the route needs one. */
export async function renderDocuments(input: RenderInput): Promise<RenderedDocuments> {
  let invoices: string | null = null;
  if (input.invoice) {
    const doc = newPdf(input.createdAt, `Commercial invoice ${input.invoice.number}`);
    drawInvoice(doc, input.invoice, input.settings.invoiceSize, input.request.invoiceQuantity);
    invoices = (await finishPdf(doc)).toString('base64');
  }
  return { labels: await labels(input), invoices, label_format: input.request.documentType };
}

export function sizeOf(d: RenderedDocuments): number {
  const labelsBytes = Array.isArray(d.labels) ? d.labels.reduce((n, s) => n + s.length, 0) : d.labels.length;
  return labelsBytes + (d.invoices?.length ?? 0);
}
