import { bool, int, list, num, obj, oneOf, pattern, str, text, type Schema } from '../kit/schema-kit';
import { DHL_INTERFACE_VERSION } from './dhl.profile';

/**
 * JSON Schemas of the MyDHL API members Waybill uses, written from DHL's published description (names,
 * required members, enums, lengths, patterns, ranges). The double checks every request against them.
 */
export const DHL_INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DPU', 'DAP', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF', 'DAF', 'DAT', 'DDU', 'DEQ', 'DES'];
export const DHL_EXPORT_REASONS = ['permanent', 'temporary', 'return', 'used_exhibition_goods_to_origin', 'intercompany_use', 'commercial_purpose_or_sale', 'personal_belongings_or_personal_use', 'sample', 'gift', 'return_to_origin', 'warranty_replacement', 'diplomatic_goods', 'defence_material'];
/** Tracking takes several numbers a call; Waybill sends at most this many. */
export const DHL_TRACKING_BATCH = 10;

export const address = obj({
  postalCode: str(0, 12), cityName: str(1, 45), countryCode: pattern('^[A-Z]{2}$'), provinceCode: str(2, 35),
  addressLine1: str(1, 45), addressLine2: str(1, 45), addressLine3: str(1, 45), countyName: str(1, 45), provinceName: str(1, 35),
}, ['postalCode', 'cityName', 'countryCode', 'addressLine1']);
export const contact = obj({ email: str(1, 70), phone: str(1, 70), companyName: str(1, 100), fullName: str(1, 255) }, ['phone', 'companyName', 'fullName']);
const REGISTRATION_TYPES = ['VAT', 'EIN', 'GST', 'SSN', 'EOR', 'DUN', 'FED', 'STA', 'CNP', 'IE', 'INN', 'KPP', 'OGR', 'OKP', 'MRN', 'SDT', 'FTZ', 'DAN', 'TAN', 'DTF', 'RGP', 'DLI', 'NID', 'PAS', 'MID', 'IMS', 'EIC', 'FTN', 'CIC', 'PEP'];
const REFERENCE_TYPES = ['AAO', 'CU', 'FF', 'FN', 'IBC', 'LLR', 'OBC', 'PRN', 'ACP', 'ACS', 'ACR', 'CDN', 'STD', 'CO'];
const UNITS = ['BOX', '2GM', 'M3', 'DPR', 'DOZ', 'PCS', 'GM', 'GRS', 'KG', 'M', '3GM', 'X', 'PRS', 'CM2', '2M2', '3M2', 'M2', '4M2', 'CM', 'CONE', 'CT', 'EA', 'LBS', 'RILL', 'ROLL', 'SET', 'TU', 'KM', 'IN', 'FT', 'YD', 'MI', 'LTR', 'MMQ', 'CM3', 'DMQ', 'MLT', 'CLT', 'DLT', 'INQ', 'FT3', 'YD3', 'GLI', 'GLL', 'PT', 'PTI', 'QTI', 'PTL', 'QTL', 'PTD', 'OZI', 'J57', 'NM3', 'SM3', 'TNE', 'LB', 'ONZ', 'CEL'];
/** Decimals in thousandths, as the description's multipleOf 0.001 says. */
const thousandths = (minimum: number, maximum: number) => num(minimum, maximum, { multipleOf: 0.001 });
const party = obj({
  postalAddress: address, contactInformation: contact,
  registrationNumbers: list(obj({ typeCode: oneOf(...REGISTRATION_TYPES), number: str(1, 35), issuerCountryCode: pattern('^[A-Z]{2}$') }, ['typeCode', 'number', 'issuerCountryCode']), 50),
}, ['postalAddress', 'contactInformation']);
const reference = (max: number) => obj({ value: str(1, max), typeCode: oneOf(...REFERENCE_TYPES) }, ['value']);

const lineItem = obj({
  number: int(1, 999), description: str(1, 512), price: thousandths(0, 999999999999999),
  quantity: obj({ value: int(1, 1000000000), unitOfMeasurement: oneOf(...UNITS) }, ['value', 'unitOfMeasurement']),
  commodityCodes: list(obj({ typeCode: oneOf('outbound', 'inbound'), value: str(2, 18) }, ['typeCode', 'value']), 2),
  exportReasonType: oneOf(...DHL_EXPORT_REASONS),
  manufacturerCountry: pattern('^[A-Z]{2}$'),
  weight: obj({ netValue: thousandths(0, 999999999999), grossValue: thousandths(0, 999999999999) }, ['netValue', 'grossValue']),
}, ['number', 'description', 'price', 'quantity', 'manufacturerCountry', 'weight']);

export const shipmentRequestSchema: Schema = obj({
  plannedShippingDateAndTime: pattern('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\s?GMT[+-]\\d{2}:\\d{2}$'),
  pickup: obj({ isRequested: bool, closeTime: pattern('^([01][0-9]|2[0-3]):[0-5][0-9]$'), location: str(1, 80) }, ['isRequested']),
  productCode: pattern('^[A-Z0-9]{1,3}$'),
  accounts: list(obj({ typeCode: oneOf('shipper', 'payer', 'duties-taxes'), number: str(1, 12) }, ['typeCode', 'number']), 3),
  outputImageProperties: obj({
    encodingFormat: oneOf('pdf', 'zpl', 'lp2', 'epl'),
    imageOptions: list(obj({ typeCode: oneOf('label', 'waybillDoc', 'invoice', 'qr-code', 'shipmentReceipt'), templateName: str(1, 30), isRequested: bool, invoiceType: oneOf('commercial', 'proforma') }, ['typeCode']), 20),
    splitDocumentsByPages: bool, splitTransportAndWaybillDocLabels: bool, allDocumentsInOneImage: bool,
  }),
  customerReferences: list(reference(35), 999),
  customerDetails: obj({ shipperDetails: party, receiverDetails: party }, ['shipperDetails', 'receiverDetails']),
  content: obj({
    packages: list(obj({
      weight: thousandths(0.001, 999999999999), customerReferences: list(reference(35), 99),
      dimensions: obj({ length: thousandths(0.001, 9999999), width: thousandths(0.001, 9999999), height: thousandths(0.001, 9999999) }, ['length', 'width', 'height']),
    }, ['weight']), 999),
    isCustomsDeclarable: bool, declaredValue: thousandths(0, 999999999999999), declaredValueCurrency: pattern('^[A-Z]{3}$'),
    exportDeclaration: obj({
      lineItems: list(lineItem, 999), invoice: obj({ number: str(1, 35), date: pattern('^\\d{4}-\\d{2}-\\d{2}$') }, ['number', 'date']),
      exportReason: str(1, 30), exportReasonType: oneOf(...DHL_EXPORT_REASONS),
    }, ['lineItems', 'invoice']),
    description: str(1, 70, { pattern: '^[^\\s]' }), incoterm: oneOf(...DHL_INCOTERMS), unitOfMeasurement: oneOf('metric', 'imperial'),
  }, ['packages', 'isCustomsDeclarable', 'description', 'incoterm', 'unitOfMeasurement']),
}, ['plannedShippingDateAndTime', 'pickup', 'productCode', 'accounts', 'customerDetails', 'content']);

/**
 * Headers of every MyDHL call: `x-version`, required on every operation with the interface version the
 * description gives ("do not change this field value"), an optional Message-Reference of 1 to 36
 * characters and its date, and the optional 3PV platform headers.
 */
export const messageHeadersSchema: Schema = obj({
  'x-version': oneOf(DHL_INTERFACE_VERSION), 'message-reference': str(1, 36), 'message-reference-date': text,
  'plugin-name': str(0, 20), 'plugin-version': str(0, 15), 'shipping-system-platform-name': str(0, 20), 'shipping-system-platform-version': str(0, 15),
  'webstore-platform-name': str(0, 20), 'webstore-platform-version': str(0, 15),
}, ['x-version'], true);
export const trackingQuerySchema: Schema = obj({
  shipmentTrackingNumber: list(pattern('^[0-9A-Z]{10,39}$'), 200),
  trackingView: oneOf('all-checkpoints', 'all-checkpoints-with-remarks', 'last-checkpoint', 'shipment-details-only', 'advance-shipment', 'bbx-children'),
  levelOfDetail: oneOf('shipment', 'piece', 'all'),
}, ['shipmentTrackingNumber']);
export const epodQuerySchema: Schema = obj({ shipperAccountNumber: str(1, 12), content: oneOf('epod-detail', 'epod-summary', 'epod-detail-esig', 'epod-summary-esig', 'epod-table', 'epod-table-detail', 'epod-table-esig') }, ['shipperAccountNumber']);
export const addressValidateQuerySchema: Schema = obj({
  type: oneOf('pickup', 'delivery'), countryCode: pattern('^[A-Z]{2}$'), postalCode: str(0, 12), cityName: str(0, 45), countyName: str(0, 45), strictValidation: oneOf('true', 'false'),
}, ['type', 'countryCode']);
export const pickupCancelQuerySchema: Schema = obj({ requestorName: str(1, 45), reason: str(1, 80) }, ['requestorName', 'reason']);

export const shipmentAnswerSchema: Schema = obj({
  url: text, shipmentTrackingNumber: text, trackingUrl: text, dispatchConfirmationNumber: text, cancelPickupUrl: text,
  packages: { type: 'array', items: obj({ referenceNumber: { type: 'integer' }, trackingNumber: text, trackingUrl: text }, ['trackingNumber'], true) },
  documents: { type: 'array', items: obj({ imageFormat: text, content: text, typeCode: text, packageReferenceNumber: { type: 'integer' } }, ['imageFormat', 'content', 'typeCode'], true) },
  warnings: { type: 'array', items: text },
}, ['shipmentTrackingNumber'], true);
const event = obj({ date: text, time: text, GMTOffset: text, typeCode: text, description: text, serviceArea: { type: 'array' }, signedBy: text }, ['date', 'time'], true);
export const trackingAnswerSchema: Schema = obj({
  shipments: { type: 'array', items: obj({
    shipmentTrackingNumber: text, status: text, events: { type: 'array', items: event },
    pieces: { type: 'array', items: obj({ number: { type: 'integer' }, trackingNumber: text, events: { type: 'array', items: event } }, [], true) },
  }, ['shipmentTrackingNumber'], true) },
}, [], true);
export const epodAnswerSchema: Schema = obj({ documents: { type: 'array', items: obj({ encodingFormat: text, content: text, typeCode: text }, ['encodingFormat', 'content', 'typeCode'], true) } }, ['documents'], true);
export const errorAnswerSchema: Schema = obj({ instance: text, detail: text, title: text, message: text, status: { type: ['string', 'integer'] }, additionalDetails: { type: 'array', items: text } }, ['detail', 'status'], true);
export { rateRequestSchema, rateAnswerSchema } from './dhl.rate.schema';
