import { CarrierRejection, type CarrierRate, type RatePlace, type RateRequest } from '@waybill/carrier-model';
import { f, upsPackage } from './ups.fields';
import { UPS_SERVICES } from './ups.profile';

/** Our own shapes of UPS's Rating API, the members Waybill sends and reads. */
export interface UpsRateAddress { AddressLine: string[]; City?: string; StateProvinceCode?: string; PostalCode?: string; CountryCode: string }
interface UpsUnit { Code: string; Description: string }
export interface UpsRatedPackage {
  PackagingType: { Code: string; Description?: string };
  PackageWeight: { UnitOfMeasurement: UpsUnit; Weight: string };
  Dimensions?: { UnitOfMeasurement: UpsUnit; Length: string; Width: string; Height: string };
}
export interface UpsRateRequest {
  RateRequest: {
    Request: { RequestOption: string; TransactionReference?: { CustomerContext: string } };
    Shipment: {
      Shipper: { Name?: string; ShipperNumber: string; Address: UpsRateAddress };
      ShipTo: { Name?: string; Address: UpsRateAddress };
      ShipFrom: { Name?: string; Address: UpsRateAddress };
      PaymentDetails: { ShipmentCharge: Array<{ Type: string; BillShipper: { AccountNumber: string } }> };
      ShipmentRatingOptions: { NegotiatedRatesIndicator: string };
      Service?: { Code: string; Description?: string };
      NumOfPieces: string;
      Package: UpsRatedPackage[];
    };
  };
}
interface UpsMoney { CurrencyCode?: string; MonetaryValue?: string }
export interface UpsRateAnswer {
  RateResponse?: { RatedShipment?: Array<{ Service?: { Code?: string }; TotalCharges?: UpsMoney; NegotiatedRateCharges?: { TotalCharge?: UpsMoney } }> };
}

const UNIT_NAMES: Record<string, string> = { KGS: 'Kilograms', LBS: 'Pounds', CM: 'Centimeters', IN: 'Inches' };
const unit = (code: string): UpsUnit => ({ Code: code, Description: UNIT_NAMES[code] ?? code });

/**
 * A place as the Rating API takes it: UPS prices by country and postcode, but its description requires
 * an address line for the shipper and ship-to, so a checkout that has no street yet sends the city (or the
 * postcode) there.
 */
function place(p: RatePlace, field: string): UpsRateAddress {
  const country = p.country.toUpperCase();
  const postcode = p.postcode ? p.postcode.replace(/\s+/g, country === 'GB' ? ' ' : '').trim().slice(0, 9) : undefined;
  const city = f.fit(p.city, 30, `${field}.city`);
  const line = f.fit(p.address1, 35, `${field}.address1`) ?? city ?? postcode ?? country;
  const state = p.state && /^[A-Za-z0-9]{1,5}$/.test(p.state) ? p.state.toUpperCase() : undefined;
  return { AddressLine: [line], ...(city ? { City: city } : {}), ...(state ? { StateProvinceCode: state } : {}), ...(postcode ? { PostalCode: postcode } : {}), CountryCode: country };
}

/**
 * A Waybill rate question as UPS's `Shop` request: every UPS product on the route in one call, at the
 * account's negotiated rates (billed to its shipper number), packages in the origin's units as at booking.
 */
export function upsRateRequest(req: RateRequest, accountNumber: string): UpsRateRequest {
  const from = req.origin.country.toUpperCase();
  if (req.parcels.length === 0) throw new CarrierRejection('UPS cannot rate packages: a shipment needs at least one package');
  if (req.parcels.length > 200) throw new CarrierRejection('UPS cannot rate packages: UPS takes at most 200 packages a shipment');
  const packages = req.parcels.map((p, i): UpsRatedPackage => {
    const shipped = upsPackage(p, i, from, 68);
    const weight = shipped.PackageWeight!;
    return {
      PackagingType: { Code: '02', Description: 'Package' },
      PackageWeight: { UnitOfMeasurement: unit(weight.UnitOfMeasurement.Code), Weight: weight.Weight },
      ...(shipped.Dimensions ? { Dimensions: { ...shipped.Dimensions, UnitOfMeasurement: unit(shipped.Dimensions.UnitOfMeasurement.Code) } } : {}),
    };
  });
  const origin = place(req.origin, 'warehouse');
  return {
    RateRequest: {
      Request: { RequestOption: 'Shop', TransactionReference: { CustomerContext: `waybill rates ${req.company}`.slice(0, 512) } },
      Shipment: {
        Shipper: { ShipperNumber: accountNumber, Address: origin },
        ShipTo: { Address: place(req.destination, 'destination') },
        ShipFrom: { Address: origin },
        PaymentDetails: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: accountNumber } }] },
        ShipmentRatingOptions: { NegotiatedRatesIndicator: '' },
        NumOfPieces: String(packages.length),
        Package: packages,
      },
    },
  };
}

/**
 * UPS's rated shipments as Waybill's rates, for the services asked: the negotiated total where UPS gave
 * one (the account's contract price), else the published total. A service UPS did not rate is left out.
 */
export function ratesOf(answer: UpsRateAnswer, wanted: readonly string[]): CarrierRate[] {
  const asked = new Set(wanted);
  const out: CarrierRate[] = [];
  for (const rated of answer.RateResponse?.RatedShipment ?? []) {
    const service = UPS_SERVICES.find((s) => s.code === rated.Service?.Code);
    if (!service || !asked.has(service.name)) continue;
    const total = rated.NegotiatedRateCharges?.TotalCharge ?? rated.TotalCharges;
    if (!total?.CurrencyCode || !total.MonetaryValue || !/^\d+(\.\d+)?$/.test(total.MonetaryValue)) continue;
    out.push({ serviceName: service.name, amount: total.MonetaryValue, currency: total.CurrencyCode.toUpperCase() });
  }
  return out;
}
