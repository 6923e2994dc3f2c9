import { CarrierRejection, crossesCustomsBorder, type CarrierRate, type RatePlace, type RateRequest } from '@waybill/carrier-model';
import { plannedShippingTime } from './dhl.planned-time';
import { DHL_SERVICES } from './dhl.profile';

/** Our own shapes of MyDHL's rates call, the members Waybill sends and reads. */
export interface DhlRatePlace { postalCode: string; cityName: string; countryCode: string; provinceCode?: string; addressLine1?: string }
export interface DhlRateRequest {
  customerDetails: { shipperDetails: DhlRatePlace; receiverDetails: DhlRatePlace };
  accounts: Array<{ typeCode: 'shipper'; number: string }>;
  plannedShippingDateAndTime: string;
  unitOfMeasurement: 'metric';
  isCustomsDeclarable: boolean;
  packages: Array<{ weight: number; dimensions: { length: number; width: number; height: number } }>;
}
export interface DhlRatesAnswer {
  products?: Array<{ productCode?: string; productName?: string; totalPrice?: Array<{ currencyType?: string; priceCurrency?: string; price?: number }> }>;
}

/**
 * A place as MyDHL's rates take it: postcode (empty where the country has none) and a city, which the
 * description requires; a checkout that has no city yet sends the postcode (or the country) there.
 */
function place(p: RatePlace): DhlRatePlace {
  const postalCode = (p.postcode ?? '').trim().slice(0, 12);
  const cityName = (p.city?.trim() || postalCode || p.country).slice(0, 45);
  return { postalCode, cityName, countryCode: p.country.toUpperCase(), ...(p.address1 ? { addressLine1: p.address1.slice(0, 45) } : {}) };
}

/** Whole grams; DHL's weight takes thousandths of a kilogram. */
const kg = (v: number) => Math.max(0.001, Math.round(v * 1000) / 1000);
/** Whole centimetres, at least 1 (a side not given counts 1 cm: DHL's rates require dimensions, weight then decides). */
const cm = (v: number | null) => Math.max(1, Math.ceil((v ?? 1) - 1e-9));

/**
 * A Waybill rate question as MyDHL's multi-piece rate request: the account as shipper, metric units,
 * customs-declarable when the route crosses a customs border, tendered at the warehouse's next cutoff.
 */
export function dhlRateRequest(req: RateRequest, accountNumber: string, now: Date): DhlRateRequest {
  if (req.parcels.length === 0) throw new CarrierRejection('DHL Express cannot rate packages: a shipment needs at least one package');
  const packages = req.parcels.map((p, i) => {
    if (p.weightKg === null || !(p.weightKg > 0)) throw new CarrierRejection(`DHL Express cannot rate packages.${i}: DHL Express needs the weight of every package`);
    return { weight: kg(p.weightKg), dimensions: { length: cm(p.lengthCm), width: cm(p.widthCm), height: cm(p.heightCm) } };
  });
  return {
    customerDetails: { shipperDetails: place(req.origin), receiverDetails: place(req.destination) },
    accounts: [{ typeCode: 'shipper', number: accountNumber }],
    plannedShippingDateAndTime: plannedShippingTime(now, { timeZone: req.originTimeZone, shippingDate: req.shippingDate }),
    unitOfMeasurement: 'metric',
    isCustomsDeclarable: crossesCustomsBorder(req.origin.country.toUpperCase(), req.destination.country.toUpperCase()),
    packages,
  };
}

/** DHL's products as Waybill's rates, for the services asked: the price in the billing currency (`BILLC`) where given. */
export function dhlRatesOf(answer: DhlRatesAnswer, wanted: readonly string[]): CarrierRate[] {
  const asked = new Set(wanted);
  const out: CarrierRate[] = [];
  for (const product of answer.products ?? []) {
    const service = DHL_SERVICES.find((s) => s.code === product.productCode || s.euCode === product.productCode);
    if (!service || !asked.has(service.name) || out.some((r) => r.serviceName === service.name)) continue;
    const prices = (product.totalPrice ?? []).filter((p) => typeof p.price === 'number' && p.price >= 0 && p.priceCurrency);
    const price = prices.find((p) => p.currencyType === 'BILLC') ?? prices[0];
    if (!price) continue;
    out.push({ serviceName: service.name, amount: price.price!.toFixed(2), currency: price.priceCurrency!.toUpperCase() });
  }
  return out;
}
