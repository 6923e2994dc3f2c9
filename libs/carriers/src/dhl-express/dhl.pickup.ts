import { CarrierRejection, type CarrierPickups, type PickupBooking, type PickupRequest } from '@waybill/carrier-model';
import { changingCall } from '../kit/calls';
import type { MyDhl } from './dhl.calls';
import { dhlRefusal } from './dhl.calls';
import { offsetOf } from './dhl.planned-time';
import { DHL_IDENTIFIER } from './dhl.profile';
import { party } from './dhl.shipment.mapper';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Dimensions are required per package; a collection knows only counts and weight, so each is declared a 30 cm cube. */
const NOMINAL_CM = 30;

/**
 * A courier pickup on its own (MyDHL `POST /pickups`) for a collection (docs/carriers/dhl-express.md):
 * ready at `readyTime` local with the warehouse's GMT offset, closing at `closeTime`, the shipper account,
 * the warehouse as shipper with the sender contact's phone, one Express Worldwide (`P`) shipment whose
 * parcels share the weight.
 */
export function dhlPickupRequest(req: PickupRequest, accountNumber: string): Json {
  const each = Math.max(0.1, Math.round(((req.weightKg ?? req.parcels) / req.parcels) * 1000) / 1000);
  return {
    plannedPickupDateAndTime: `${req.date}T${req.readyTime}:00${offsetOf(req.date, req.timeZone || 'Europe/London')}`,
    closeTime: req.closeTime,
    location: 'reception',
    locationType: 'business',
    accounts: [{ typeCode: 'shipper', number: accountNumber }],
    customerDetails: { shipperDetails: party(req.address, req.contact, 'pickup address', 'pickup phone') },
    shipmentDetails: [{
      productCode: 'P', isCustomsDeclarable: false, unitOfMeasurement: 'metric',
      packages: Array.from({ length: req.parcels }, () => ({ weight: each, dimensions: { length: NOMINAL_CM, width: NOMINAL_CM, height: NOMINAL_CM } })),
    }],
  };
}

/** Books (POST /pickups) and cancels (DELETE /pickups/{number}) DHL Express courier pickups. */
export function dhlPickups(dhl: MyDhl, accountNumber: string): CarrierPickups {
  return {
    async book(req: PickupRequest): Promise<PickupBooking> {
      // MyDHL books a pickup today or within the next ten days.
      if (Date.parse(req.date) - Date.parse(new Date().toISOString().slice(0, 10)) > 10 * 86_400_000) {
        throw new CarrierRejection('DHL Express books pickups at most 10 days ahead');
      }
      const body = dhlPickupRequest(req, accountNumber);
      const answer = await changingCall(DHL_IDENTIFIER, 'pickup', () => dhl.send({ operation: 'pickup', method: 'POST', path: '/pickups', idempotent: false, body }));
      if (answer.status !== 201 && answer.status !== 200) throw new CarrierRejection(dhlRefusal(answer), false, true);
      const number = (answer.body as Json | undefined)?.dispatchConfirmationNumbers?.[0];
      if (typeof number !== 'string' || !number) throw new CarrierRejection('DHL Express answered the pickup without a dispatch confirmation number', true, true);
      return { reference: number };
    },
    async cancel(reference: string): Promise<void> {
      const answer = await changingCall(DHL_IDENTIFIER, 'cancel_pickup', () => dhl.send({
        operation: 'cancel_pickup', method: 'DELETE', idempotent: true, path: `/pickups/${encodeURIComponent(reference)}`,
        query: { requestorName: 'Waybill', reason: 'Collection cancelled by the merchant' },
      }));
      if (answer.status === 200 || answer.status === 204) return;
      throw new CarrierRejection(dhlRefusal(answer), false, true);
    },
  };
}
