import { CarrierRejection, type Address, type BookingRequest, type CustomsDeclaration, type ParcelSpec } from '@waybill/carrier-model';
import { fieldRules, grams } from '../kit/fields';
import { fitAddress, type AddressProfile } from '../kit/address';
import { RM_NAME, type RM_SERVICES } from './royalmail.profile';
import type { RmAddress, RmOrderRequest, RmPackage, RmProductItem } from './royalmail.types';

const f = fieldRules(RM_NAME);

/**
 * What Click & Drop's description takes of an address: three lines of 100, a city of 100, a postcode of
 * 20 and a free-text county of 100 (the region goes there as the client wrote it); any characters.
 */
export const RM_ADDRESS: AddressProfile = {
  lines: { count: 3, width: 100 }, city: 100, postcode: { max: 20 }, region: { required: {}, namesToCodes: false, nameField: 100 },
};

/**
 * Waybill's reason_for_export as Click & Drop's customs declaration category. A sale is a commercial
 * (business to business) sale when the recipient is a company, an e-commerce sale to a consumer otherwise.
 */
function category(reason: string | null | undefined, business: boolean): string {
  const r = reason?.toLowerCase() ?? 'merchandise';
  const other: Record<string, string> = { sample: 'commercialSample', gift: 'gift', documents: 'documents', returns: 'returnedGoods', personal: 'other', other: 'other' };
  return other[r] ?? (business ? 'commercialSaleOfGoods' : 'eCommerceSaleOfGoods');
}

function rmAddress(a: Address, field: string): RmAddress {
  const fitted = fitAddress(a, field, RM_ADDRESS, f);
  const company = f.fit(a.company_name, 100, `${field}.company_name`);
  const name = f.fit(a.name, 210, `${field}.name`);
  const [line1, line2, line3] = fitted.lines;
  return {
    ...(name ? { fullName: name } : {}),
    ...(company ? { companyName: company } : {}),
    addressLine1: line1,
    ...(line2 ? { addressLine2: line2 } : {}),
    ...(line3 ? { addressLine3: line3 } : {}),
    city: fitted.city,
    ...(fitted.regionName ? { county: fitted.regionName } : {}),
    ...(fitted.postcode ? { postcode: fitted.postcode } : {}),
    countryCode: fitted.country,
  };
}

/** The smallest of Royal Mail's formats the parcel fits (sides sorted longest first), by weight and size. */
function packageFormat(p: ParcelSpec, weight: number): RmPackage['packageFormatIdentifier'] {
  const sides = [p.lengthCm, p.widthCm, p.heightCm];
  const known = sides.every((s) => s !== null && s > 0);
  const [l, w, h] = known ? (sides as number[]).sort((a, b) => b - a) : [Infinity, Infinity, Infinity];
  if (weight <= 2000 && l <= 45 && w <= 35 && h <= 16) return 'smallParcel';
  if (weight <= 20000 && l <= 61 && w <= 46 && h <= 46) return 'mediumParcel';
  return 'parcel';
}

function rmPackage(p: ParcelSpec, i: number, maxKg: number): RmPackage {
  const field = `packages.${i}.weight`;
  if (p.weightKg === null || !(p.weightKg > 0)) f.refuse(field, 'Royal Mail needs the weight of every parcel');
  if (p.weightKg! > maxKg) f.refuse(field, `${p.weightKg} kg is over the service's ${maxKg} kg limit`);
  const weight = grams(p.weightKg!);
  const sides = [p.heightCm, p.widthCm, p.lengthCm];
  const dims = sides.every((s) => s !== null && s > 0) ? sides.map((s) => Math.ceil(s! * 10 - 1e-9)) : undefined;
  return {
    weightInGrams: weight,
    packageFormatIdentifier: packageFormat(p, weight),
    ...(dims ? { dimensions: { heightInMms: dims[0], widthInMms: dims[1], depthInMms: dims[2] } } : {}),
  };
}

/** The goods as Click & Drop's customs contents: names, HS codes (at most 10 digits), origins, values, weights. */
function contents(customs: CustomsDeclaration, parcels: ParcelSpec[], business: boolean): RmProductItem[] {
  if (customs.items.length === 0) f.refuse('items', 'Royal Mail needs the items of a shipment leaving the UK for its customs declaration');
  const units = customs.items.reduce((n, it) => n + Math.max(1, Math.round(it.quantity)), 0);
  const totalKg = parcels.reduce((kg, p) => kg + (p.weightKg ?? 0), 0);
  const declared = category(customs.reasonForExport, business);
  return customs.items.map((it, i) => {
    const field = `items.${i}`;
    const hs = it.hsCode?.replace(/[^0-9]/g, '');
    if (hs && hs.length > 10) f.refuse(`${field}.harmonisation_code`, `Royal Mail takes at most 10 digits, this has ${hs.length}`);
    const value = Number(it.unitValue);
    if (!Number.isFinite(value) || value < 0) f.refuse(`${field}.value`, 'a unit value is required');
    const origin = f.fit(it.originCountry?.toUpperCase(), 3, `${field}.country_of_origin`);
    const sku = f.fit(it.sku, 100, `${field}.sku`);
    return {
      name: f.required(it.description, 800, `${field}.name`),
      ...(sku ? { SKU: sku } : {}),
      quantity: Math.max(1, Math.round(it.quantity)),
      unitValue: Math.round(value * 100) / 100,
      unitWeightInGrams: it.weightKg ? grams(it.weightKg) : Math.max(1, Math.floor((totalKg * 1000) / units)),
      customsDescription: it.description.trim().slice(0, 50).trim(),
      ...(hs ? { customsCode: hs } : {}),
      ...(origin ? { originCountryCode: origin } : {}),
      customsDeclarationCategory: declared,
    };
  });
}

/**
 * A Waybill booking as Click & Drop orders, one per parcel (each Click & Drop order is one labelled item
 * with its own tracking number): the recipient, the warehouse's trading name as sender, the parcel's
 * weight in grams and size in millimetres, the service code, the order number as the order reference
 * (`<order>-<n>` for the second parcel on), and for destinations outside the UK the customs contents.
 */
export function rmOrders(req: BookingRequest, service: (typeof RM_SERVICES)[number], now: Date): RmOrderRequest[] {
  if (req.parcels.length === 0) throw new CarrierRejection('Royal Mail cannot take packages: a shipment needs at least one parcel');
  if (req.parcels.length > 100) throw new CarrierRejection('Royal Mail cannot take packages: Waybill books at most 100 parcels a shipment with Royal Mail');
  const orderNumber = f.required(req.orderNumber, req.parcels.length > 1 ? 36 : 40, 'order_number');
  const recipient = rmAddress(req.destination, 'recipient');
  if (!recipient.fullName && !recipient.companyName) f.refuse('recipient.name', 'a name or company name is required');
  const phone = f.phone(req.destinationContact?.phone, req.destination.country, 'e164', 25, 'recipient.contact_number')?.number;
  const email = f.fit(req.destinationContact?.email, 254, 'recipient.email_address');
  const senderPhone = f.phone(req.originContact?.phone, req.origin.country, 'e164', 25, 'warehouse.phone')?.number;
  const tradingName = f.fit(req.origin.company_name || req.origin.name, 250, 'warehouse.company_name');
  const customs = service.international ? req.customs : null;
  // Each Click & Drop order carries its own customs declaration, and Waybill does not know which goods
  // travel in which parcel: an international shipment goes as one parcel.
  if (service.international && req.parcels.length > 1) f.refuse('packages', `${service.name} takes one parcel a shipment (each parcel carries its own customs declaration); book the parcels as separate consignments`);
  if (service.international && !customs) f.refuse('items', 'Royal Mail needs the customs contents of a shipment leaving the UK');
  const business = !!req.destination.company_name?.trim();
  const items = customs ? contents(customs, req.parcels, business) : undefined;
  const subtotal = items ? Math.round(items.reduce((s, it) => s + (it.unitValue ?? 0) * it.quantity, 0) * 100) / 100 : 0;
  return req.parcels.map((p, i) => ({
    orderReference: i === 0 ? orderNumber : `${orderNumber}-${i + 1}`,
    ...(customs ? { isRecipientABusiness: business } : {}),
    recipient: { address: recipient, ...(phone ? { phoneNumber: phone } : {}), ...(email ? { emailAddress: email } : {}) },
    sender: { ...(tradingName ? { tradingName } : {}), ...(senderPhone ? { phoneNumber: senderPhone } : {}) },
    packages: [{ ...rmPackage(p, i, service.maxParcelWeightKg), ...(items ? { contents: items } : {}) }],
    orderDate: now.toISOString(),
    ...(req.shippingDate ? { plannedDespatchDate: `${req.shippingDate.slice(0, 10)}T00:00:00Z` } : {}),
    subtotal: i === 0 ? subtotal : 0, shippingCostCharged: 0, total: i === 0 ? subtotal : 0,
    ...(customs ? { currencyCode: f.required(customs.currency?.toUpperCase(), 3, 'currency') } : {}),
    postageDetails: {
      serviceCode: service.code,
      ...(email ? { sendNotificationsTo: 'recipient' as const, receiveEmailNotification: true } : {}),
      ...(customs?.iossNumber ? { IOSSNumber: f.required(customs.iossNumber, 50, 'ioss_number') } : {}),
      ...(customs ? { commercialInvoiceNumber: f.required(customs.invoiceNumber, 35, 'invoice number'), commercialInvoiceDate: `${customs.invoiceDate.slice(0, 10)}T00:00:00Z` } : {}),
      ...(customs && req.destinationContact?.taxId ? { recipientEoriNumber: req.destinationContact.taxId.trim() } : {}),
    },
    label: { includeLabelInResponse: true, includeCN: service.international, includeReturnsLabel: false },
  }));
}
