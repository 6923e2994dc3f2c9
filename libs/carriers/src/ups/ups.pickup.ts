import { CarrierRejection, type CarrierPickups, type PickupBooking, type PickupRequest } from '@waybill/carrier-model';
import { f, upsAddress, upsPhone } from './ups.fields';
import { UpsRefusal, type UpsAuth } from './ups.auth';
import { UPS_SHIP_VERSION } from './ups.profile';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** UPS Standard (11) from Europe, Ground (03) from the US and Canada: the service the van collects for. */
const pickupService = (country: string) => (['US', 'PR', 'CA'].includes(country) ? '003' : '011');

/**
 * An on-call pickup creation request (UPS Pickup API) for a collection (docs/carriers/ups.md): paid by
 * the shipper's account, not rated, at the warehouse's address with its contact's phone.
 */
export function upsPickupRequest(req: PickupRequest, accountNumber: string): Json {
  const a = req.address;
  const country = a.country.toUpperCase();
  const phone = upsPhone(req.contact, country, 'pickup phone') ?? f.refuse('the collection', 'UPS needs a phone number for the pickup address (the sender contact in document settings)');
  const addr = upsAddress(a, 'pickup address');
  const kg = req.weightKg ?? req.parcels;
  return {
    PickupCreationRequest: {
      Request: { TransactionReference: { CustomerContext: req.collectionId } },
      RatePickupIndicator: 'N',
      Shipper: { Account: { AccountNumber: accountNumber, AccountCountryCode: country } },
      PickupDateInfo: { PickupDate: req.date.replace(/-/g, ''), ReadyTime: req.readyTime.replace(':', ''), CloseTime: req.closeTime.replace(':', '') },
      PickupAddress: {
        CompanyName: f.required(a.company_name ?? a.name, 27, 'pickup company name'),
        ContactName: f.required(a.name ?? a.company_name, 22, 'pickup contact name'),
        AddressLine: [addr.AddressLine.join(', ').slice(0, 73)], City: addr.City,
        ...(addr.PostalCode ? { PostalCode: addr.PostalCode.slice(0, 8) } : {}),
        ...(addr.StateProvinceCode ? { StateProvince: addr.StateProvinceCode } : {}),
        CountryCode: country, ResidentialIndicator: 'N', Phone: phone,
      },
      AlternateAddressIndicator: 'Y',
      PickupPiece: [{ ServiceCode: pickupService(country), Quantity: String(req.parcels), DestinationCountryCode: country, ContainerCode: '01' }],
      TotalWeight: { Weight: (Math.round(Math.max(kg, 0.1) * 10) / 10).toFixed(1), UnitOfMeasurement: 'KGS' },
      OverweightIndicator: 'N',
      PaymentMethod: '01',
      ReferenceNumber: req.collectionId.slice(0, 35),
    },
  };
}

/** Books and cancels UPS on-call pickups through the account's authenticated client. */
export function upsPickups(auth: UpsAuth, accountNumber: string, call: <T>(operation: string, fn: () => Promise<T>) => Promise<T>): CarrierPickups {
  return {
    async book(req: PickupRequest): Promise<PickupBooking> {
      const body = upsPickupRequest(req, accountNumber);
      const answer = await call('pickup', () => auth.send({ operation: 'pickup', method: 'POST', path: `/api/pickupcreation/${UPS_SHIP_VERSION}/pickup`, idempotent: false, body }));
      if (answer.status !== 200) throw new CarrierRejection(UpsRefusal.of(answer).message, false, true);
      const prn = (answer.body as Json | undefined)?.PickupCreationResponse?.PRN;
      if (typeof prn !== 'string' || !prn) throw new CarrierRejection('UPS answered the pickup without a PRN', true, true);
      return { reference: prn };
    },
    async cancel(reference: string): Promise<void> {
      const answer = await call('cancel_pickup', () => auth.sendWith({ Prn: reference }, {
        operation: 'cancel_pickup', method: 'DELETE', path: `/api/shipments/${UPS_SHIP_VERSION}/pickup/02`, idempotent: true,
      }));
      const code = (answer.body as Json | undefined)?.PickupCancelResponse?.Response?.ResponseStatus?.Code;
      if (answer.status === 200 && code === '1') return;
      // Waybill asks once: a collection already cancelled here is answered without calling UPS again.
      throw new CarrierRejection(answer.status === 200 ? `UPS did not cancel pickup ${reference}` : UpsRefusal.of(answer).message, false, true);
    },
  };
}
