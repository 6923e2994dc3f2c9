import type { BookingLabelFormat } from '../accounts';
import { CarrierRejection, type Address, type BookingRequest, type Contact, type CustomsDeclaration, type ParcelSpec } from '@waybill/carrier-model';
import { crossesCustomsBorder } from '@waybill/carrier-model';
import { fieldRules } from '../kit/fields';
import { fitAddress, type AddressProfile } from '../kit/address';
import { DHL_NAME, dhlProductCode, type DHL_SERVICES } from './dhl.profile';
import { DHL_INCOTERMS } from './dhl.schemas';
import { plannedShippingTime } from './dhl.planned-time';
import type { DhlLineItem, DhlPackage, DhlParty, DhlShipmentRequest } from './dhl.types';

const f = fieldRules(DHL_NAME);
const REASONS: Record<string, string> = { merchandise: 'permanent', sample: 'sample', gift: 'gift', returns: 'return', personal: 'personal_belongings_or_personal_use', documents: 'permanent', other: 'permanent' };

/**
 * What MyDHL's description takes of an address: three lines of 45, a city of 45, a postcode of 12, a
 * province or state code (2 to 35: names the data set knows go as their code, `California` as `CA`) or
 * else a county name of 45 (`Greater London`, `Co. Dublin`); any characters.
 */
export const DHL_ADDRESS: AddressProfile = {
  lines: { count: 3, width: 45 }, city: 45, postcode: { max: 12 },
  region: { required: {}, code: { min: 2, max: 35 }, namesToCodes: true, nameField: 45 },
};

export function party(a: Address, contact: Contact | null | undefined, field: string, phoneField: string): DhlParty {
  const name = f.required(a.name || a.company_name, 255, `${field}.name`);
  const fitted = fitAddress(a, field, DHL_ADDRESS, f);
  const [line1, line2, line3] = fitted.lines;
  const email = f.fit(contact?.email, 70, `${field}.email`);
  const phone = f.phone(contact?.phone, fitted.country, 'e164', 70, phoneField)?.number ?? f.refuse(phoneField, 'DHL Express needs a phone number for both ends of a shipment');
  const taxId = contact?.taxId?.trim();
  return {
    postalAddress: {
      postalCode: fitted.postcode ?? '',
      cityName: fitted.city,
      countryCode: fitted.country,
      ...(fitted.regionCode ? { provinceCode: fitted.regionCode } : {}),
      addressLine1: line1,
      ...(line2 ? { addressLine2: line2 } : {}),
      ...(line3 ? { addressLine3: line3 } : {}),
      ...(fitted.regionName ? { countyName: fitted.regionName } : {}),
    },
    contactInformation: { ...(email ? { email } : {}), phone, companyName: f.required(a.company_name || a.name, 100, `${field}.company_name`), fullName: name },
    ...(taxId ? { registrationNumbers: [{ typeCode: /^[A-Z]{2}\d/.test(taxId) && taxId.length > 12 ? 'EOR' : 'VAT', number: f.required(taxId, 35, `${field}.tax_id`), issuerCountryCode: fitted.country }] } : {}),
  };
}

function pkg(p: ParcelSpec, i: number, maxKg: number, reference: string): DhlPackage {
  const field = `packages.${i}.weight`;
  if (p.weightKg === null || !(p.weightKg > 0)) f.refuse(field, 'DHL Express needs the weight of every package');
  if (p.weightKg! > maxKg) f.refuse(field, `${p.weightKg} kg is over DHL Express's ${maxKg} kg limit per piece`);
  const sides = [p.lengthCm, p.widthCm, p.heightCm];
  const dims = sides.every((s) => s !== null && s > 0) ? (sides as number[]).map((s) => Math.ceil(s - 1e-9)) : undefined;
  return {
    weight: Math.ceil(p.weightKg! * 1000 - 1e-6) / 1000,
    ...(dims ? { dimensions: { length: dims[0], width: dims[1], height: dims[2] } } : {}),
    customerReferences: [{ value: f.fit(p.reference, 35, `packages.${i}.reference`) ?? reference, typeCode: 'CU' }],
  };
}

function lineItems(customs: CustomsDeclaration, parcels: ParcelSpec[]): DhlLineItem[] {
  if (customs.items.length === 0) f.refuse('items', 'DHL Express needs the items of a dutiable shipment for its export declaration');
  const units = customs.items.reduce((n, it) => n + Math.max(1, Math.round(it.quantity)), 0);
  const perUnitKg = parcels.reduce((kg, p) => kg + (p.weightKg ?? 0), 0) / units;
  return customs.items.map((it, i) => {
    const field = `items.${i}`;
    const hs = it.hsCode?.replace(/[^0-9]/g, '');
    if (hs && (hs.length < 4 || hs.length > 18)) f.refuse(`${field}.harmonisation_code`, 'DHL Express takes 4 to 18 digits');
    const origin = f.required(it.originCountry?.toUpperCase(), 2, `${field}.country_of_origin`);
    const kg = Math.max(0.001, Math.round((it.weightKg ?? perUnitKg) * 1000) / 1000);
    const quantity = Math.max(1, Math.round(it.quantity));
    return {
      number: i + 1, description: f.required(it.description, 512, `${field}.name`), price: Number(it.unitValue),
      quantity: { value: quantity, unitOfMeasurement: 'PCS' },
      ...(hs ? { commodityCodes: [{ typeCode: 'outbound' as const, value: hs }] } : {}),
      exportReasonType: REASONS[customs.reasonForExport?.toLowerCase() ?? 'merchandise'] ?? 'permanent',
      manufacturerCountry: origin,
      weight: { netValue: Math.round(kg * quantity * 1000) / 1000, grossValue: Math.round(kg * quantity * 1000) / 1000 },
    };
  });
}

/**
 * A Waybill booking as a MyDHL shipment: the planned shipping time in the warehouse's zone, the
 * product code, the shipper account, both parties, packages in kg and cm, the order number as the
 * reference, the label in the account's format, and for dutiable routes the export declaration (line
 * items, HS codes, origins, values, weights, incoterm, invoice number and date) with DHL's invoice.
 */
export function dhlShipment(req: BookingRequest, service: (typeof DHL_SERVICES)[number], accountNumber: string, format: BookingLabelFormat, now: Date): DhlShipmentRequest {
  const from = req.origin.country.toUpperCase();
  const to = req.destination.country.toUpperCase();
  if (req.parcels.length === 0) throw new CarrierRejection('DHL Express cannot take packages: a shipment needs at least one package');
  const dutiable = crossesCustomsBorder(from, to) && !!req.customs;
  if (crossesCustomsBorder(from, to) && !req.customs) f.refuse('items', 'DHL Express needs the customs data of a shipment crossing a customs border');
  const reference = f.required(req.orderNumber, 35, 'order_number');
  const customs = dutiable ? req.customs! : null;
  const items = customs ? lineItems(customs, req.parcels) : undefined;
  const incoterm = customs?.incoterm?.trim().toUpperCase();
  if (incoterm && !DHL_INCOTERMS.includes(incoterm)) f.refuse('invoice.incoterm', `${incoterm} is not an incoterm DHL Express takes`);
  return {
    plannedShippingDateAndTime: plannedShippingTime(now, { timeZone: req.originTimeZone, cutoff: req.originCutoff, shippingDate: req.shippingDate }),
    pickup: { isRequested: req.options.pickup === 'true' || req.options.pickup === 'yes', ...(req.originCutoff ? { closeTime: req.originCutoff } : {}) },
    productCode: dhlProductCode(service, from, to, dutiable),
    accounts: [{ typeCode: 'shipper', number: accountNumber }],
    outputImageProperties: {
      encodingFormat: format,
      imageOptions: [{ typeCode: 'label', templateName: 'ECOM26_84_001', isRequested: true }, ...(dutiable ? [{ typeCode: 'invoice' as const, templateName: 'COMMERCIAL_INVOICE_P_10', isRequested: true, invoiceType: 'commercial' as const }] : [])],
      splitDocumentsByPages: true, splitTransportAndWaybillDocLabels: true, allDocumentsInOneImage: false,
    },
    customerReferences: [{ value: reference, typeCode: 'CU' }],
    customerDetails: {
      shipperDetails: party(req.origin, req.originContact, 'warehouse', 'warehouse.phone'),
      receiverDetails: party(req.destination, req.destinationContact, 'recipient', 'recipient.contact_number'),
    },
    content: {
      packages: req.parcels.map((p, i) => pkg(p, i, service.maxParcelWeightKg, reference)),
      isCustomsDeclarable: dutiable,
      ...(items ? {
        declaredValue: Math.round(items.reduce((s, it) => s + it.price * it.quantity.value, 0) * 100) / 100,
        declaredValueCurrency: f.required(customs!.currency?.toUpperCase(), 3, 'currency'),
        exportDeclaration: { lineItems: items, invoice: { number: f.required(customs!.invoiceNumber, 35, 'invoice number'), date: customs!.invoiceDate.slice(0, 10) }, exportReasonType: items[0].exportReasonType },
      } : {}),
      description: f.fit(req.description, 70, 'description') ?? (dutiable ? 'Merchandise' : 'Goods'),
      incoterm: incoterm ?? 'DAP',
      unitOfMeasurement: 'metric',
    },
  };
}
