import { InvalidError } from '@waybill/http';
import { LABEL_SIZES, type LabelSizeName } from '../labels/layout.model';
import type { ZplCompression } from '../render/zpl.graphic';

export const DOCUMENT_TYPES = ['application/pdf', 'application/x-zebra-zpl', 'image/png', 'image/x-png-list'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const MAX_COPIES = 10;

/** What the client asked for, validated (docs/api/labels-and-documents.md, GET /consignment/{identifier}/documents). */
export interface DocumentRequest {
  documentType: DocumentType;
  labelQuantity: number;
  invoiceQuantity: number;
  dpi: 203 | 300;
  labelSize: LabelSizeName;
  compression: ZplCompression;
}

type Query = Record<string, unknown>;

/** A parameter given once; empty counts as absent, as integrations send sparse query strings. */
function single(q: Query, name: string): string | undefined {
  const v = q[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw InvalidError.field(name, 'Give this parameter once, as a plain value.');
  return v.trim() === '' ? undefined : v.trim();
}

function copies(q: Query, name: string, fallback: number): number {
  const raw = single(q, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_COPIES) {
    throw InvalidError.field(name, `A whole number from 1 to ${MAX_COPIES} is required.`);
  }
  return Number(raw);
}

function labelQuantity(q: Query): number {
  const a = copies(q, 'labelquantity', 1);
  const b = copies(q, 'label_quantity', 1);
  if (single(q, 'labelquantity') !== undefined && single(q, 'label_quantity') !== undefined && a !== b) {
    throw InvalidError.field('label_quantity', 'Conflicts with labelquantity; give one of them.');
  }
  return single(q, 'labelquantity') !== undefined ? a : b;
}

export function parseDocumentQuery(q: Query, enabledSizes: readonly LabelSizeName[]): DocumentRequest {
  const type = (single(q, 'documenttype') ?? 'application/pdf').toLowerCase();
  const documentType = DOCUMENT_TYPES.find((t) => t === type);
  if (!documentType) throw InvalidError.field('documenttype', `"${type}" is not a valid choice. Choose from ${DOCUMENT_TYPES.join(', ')}.`);
  const dpiRaw = single(q, 'dpi') ?? '203';
  if (dpiRaw !== '203' && dpiRaw !== '300') throw InvalidError.field('dpi', `"${dpiRaw}" is not supported. Choose 203 or 300.`);
  const sizeRaw = single(q, 'label_size') ?? '4x6';
  const labelSize = (Object.keys(LABEL_SIZES) as LabelSizeName[]).find((s) => s.toLowerCase() === sizeRaw.toLowerCase());
  if (!labelSize) throw InvalidError.field('label_size', `"${sizeRaw}" is not a valid choice. Choose from 4x6, 8x4, A6.`);
  if (!enabledSizes.includes(labelSize)) throw InvalidError.field('label_size', `${labelSize} labels are not enabled for this company.`);
  const compression = (single(q, 'compression') ?? 'none').toLowerCase();
  if (compression !== 'none' && compression !== 'z64') throw InvalidError.field('compression', `"${compression}" is not a valid choice. Choose none or z64.`);
  return {
    documentType, dpi: Number(dpiRaw) as 203 | 300, labelSize, compression,
    labelQuantity: labelQuantity(q), invoiceQuantity: copies(q, 'invoice_quantity', 3),
  };
}

/** The parameters that change the output, in a fixed order: part of the document cache key. */
export function requestKey(r: DocumentRequest): string {
  return [r.documentType, r.labelQuantity, r.invoiceQuantity, r.dpi, r.labelSize, r.compression].join('|');
}
