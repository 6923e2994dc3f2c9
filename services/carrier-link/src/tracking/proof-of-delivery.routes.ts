import { Router } from 'express';
import { allowOnly, HttpError, InvalidError, NotFoundError, principalOf } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { accountById, findBooking } from '../bookings/booking.repository';
import { bookedCarrier } from '../bookings/booking.service';
import { recordingCalls } from '../calls/call.scope';

/**
 * Internal, for tracking-ingest: a real carrier's proof of delivery of one parcel of a booking, asked
 * of the carrier through the booking's account (the account may since have been deleted: its
 * consignments stay trackable). 200 `{"documents": [...]}` with each document's bytes in base64 (an
 * empty list: the carrier has none); 503 when the carrier cannot be asked now, so the caller retries.
 */
export function proofOfDeliveryRoutes(deps: CarrierLinkDeps): Router {
  const r = Router({ mergeParams: true });
  const path = '/carrier-bookings/:consignment/proof-of-delivery';
  allowOnly(r, path, ['GET']);
  r.get(path, async (req, res) => {
    const company = principalOf(res).company;
    const trackingNumber = typeof req.query.tracking_number === 'string' ? req.query.tracking_number.trim() : '';
    if (!trackingNumber) throw InvalidError.field('tracking_number', 'This field is required.');
    const booking = await findBooking(deps.db, company, String(req.params.consignment));
    if (!booking || !booking.tracking_numbers.includes(trackingNumber)) throw new NotFoundError();
    const carrier = await bookedCarrier(deps, booking);
    if (!carrier) throw new NotFoundError();
    let docs;
    try {
      const account = booking.account_id === null ? undefined : await accountById(deps.db, company, booking.account_id);
      const ask = () => carrier.proofOfDelivery({ trackingNumber, consignmentNumber: booking.consignment_number });
      docs = await (account ? recordingCalls(deps, account, booking.consignment_identifier, ask) : ask());
    } catch (err) {
      throw new HttpError(503, `${carrier.name} proof of delivery unavailable: ${(err as Error).message}`, {}, { 'Retry-After': '60' });
    }
    res.json({
      documents: docs.map((d) => ({
        content: d.bytes.toString('base64'), file_type: d.file_type, proof_of_delivery_type: d.proof_of_delivery_type,
        package_tracking_number: d.package_tracking_number ?? null,
      })),
    });
  });
  return r;
}
