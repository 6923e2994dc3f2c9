import { Router, type Request } from 'express';
import type { BookedLabelRequest, DocumentType, LabelSizeName } from '@waybill/carrier-labels';
import { allowOnly, InvalidError, principalOf } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { book, cancel, labels } from './booking.service';

const TYPES: DocumentType[] = ['application/pdf', 'application/x-zebra-zpl', 'image/png', 'image/x-png-list'];
const SIZES: LabelSizeName[] = ['4x6', '8x4', 'A6'];

/** The documents query as the documents service has already checked it (internal: strict, no defaults guessed twice). */
function labelRequest(req: Request): Omit<BookedLabelRequest, 'createdAt'> {
  const q = (k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string) : undefined);
  const documentType = (q('documenttype') ?? 'application/pdf') as DocumentType;
  const labelSize = (q('label_size') ?? '4x6') as LabelSizeName;
  const dpi = Number(q('dpi') ?? '203');
  const compression = q('compression') ?? 'none';
  const labelQuantity = Number(q('label_quantity') ?? '1');
  if (!TYPES.includes(documentType)) throw InvalidError.field('documenttype', `"${documentType}" is not a valid choice.`);
  if (!SIZES.includes(labelSize)) throw InvalidError.field('label_size', `"${labelSize}" is not a valid choice.`);
  if (dpi !== 203 && dpi !== 300) throw InvalidError.field('dpi', 'Choose 203 or 300.');
  if (compression !== 'none' && compression !== 'z64') throw InvalidError.field('compression', 'Choose none or z64.');
  if (!Number.isInteger(labelQuantity) || labelQuantity < 1 || labelQuantity > 100) throw InvalidError.field('label_quantity', 'Expected 1 to 100.');
  return { documentType, labelSize, dpi, compression, labelQuantity };
}

/**
 * Internal API for the consignment and documents services: book at a real carrier, void, and read the
 * booking's stored labels. Under `/companies/:company`, internal tokens only.
 */
export function bookingRoutes(deps: CarrierLinkDeps): Router {
  const r = Router({ mergeParams: true });
  const B = '/carrier-bookings';
  allowOnly(r, B, ['POST']);
  allowOnly(r, `${B}/:consignment`, ['DELETE']);
  allowOnly(r, `${B}/:consignment/labels`, ['GET']);
  r.post(B, async (req, res) => {
    const answer = await book(deps, principalOf(res).company, req.body);
    res.status(answer.booked ? 201 : 422).json(answer);
  });
  r.delete(`${B}/:consignment`, async (req, res) => {
    const number = typeof req.query.consignment_number === 'string' && req.query.consignment_number !== '' ? req.query.consignment_number : undefined;
    const answer = await cancel(deps, principalOf(res).company, String(req.params.consignment), number);
    res.status(answer.cancelled ? 200 : 422).json(answer);
  });
  r.get(`${B}/:consignment/labels`, async (req, res) => {
    res.json(await labels(deps, principalOf(res).company, String(req.params.consignment), { ...labelRequest(req), createdAt: new Date(0) }));
  });
  return r;
}
