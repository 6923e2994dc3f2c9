import { bool, int, list, num, obj, oneOf, pattern, str, text, type Schema } from '../kit/schema-kit';

/**
 * JSON Schemas of the MyDHL API members Waybill uses, written from DHL's published description (names,
 * required members, enums, lengths, patterns, ranges). The double checks every request against them.
 */
export const DHL_INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DPU', 'DAP', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF', 'DAF', 'DAT', 'DDU', 'DEQ', 'DES'];
export const DHL_EXPORT_REASONS = ['permanent', 'temporary', 'return', 'used_exhibition_goods_to_origin', 'intercompany_use', 'commercial_purpose_or_sale', 'personal_belongings_or_personal_use', 'sample', 'gift', 'return_to_origin', 'warranty_replacement', 'diplomatic_goods', 'defence_material'];
/** Tracking takes several numbers a call; Waybill sends at most this many. */
export const DHL_TRACKING_BATCH = 10;

const address = obj({
  postalCode: str(0, 12), cityName: str(1, 45), countryCode: pattern('^[A-Z]{2}$'), provinceCode: str(1, 35),
  addressLine1: str(1, 45), addressLine2: str(1, 45), addressLine3: str(1, 45), countyName: str(1, 45),
}, ['postalCode', 'cityName', 'countryCode', 'addressLine1']);
const contact = obj({ email: str(0, 70), phone: str(1, 70), companyName: str(1, 100), fullName: str(1, 255) }, ['phone', 'companyName', 'fullName']);
const party = obj({
  postalAddress: address, contactInformation: contact,
  registrationNumbers: list(obj({ typeCode: oneOf('VAT', 'EOR', 'DUN', 'FED', 'STA', 'SDT', 'FTZ', 'DAN', 'TAN', 'DTF', 'CNP', 'RGP', 'DUT'), number: str(1, 35), issuerCountryCode: pattern('^[A-Z]{2}$') }, ['typeCode', 'number', 'issuerCountryCode']), 10),
}, ['postalAddress', 'contactInformation']);
const reference = (max: number) => obj({ value: str(1, max), typeCode: str(1, 3) }, ['value']);

const lineItem = obj({
  number: int(1, 999), description: str(1, 512), price: num(0, 99999999999),
  quantity: obj({ value: int(1, 1000000000), unitOfMeasurement: oneOf('BOX', '2GM', '2M', '2M3', '3M3', 'M3', 'DPR', 'DOZ', '2NO', 'PCS', 'GM', 'GRS', 'KG', 'L', 'M', '3GM', '3L', 'X', 'NO', '2KG', 'PRS', '2L', '3KG', 'CM2', '2M2', '3M2', 'M2', '4M2', '3M') }, ['value', 'unitOfMeasurement']),
  commodityCodes: list(obj({ typeCode: oneOf('outbound', 'inbound'), value: str(4, 18, { pattern: '^[0-9]+$' }) }, ['typeCode', 'value']), 2),
  exportReasonType: oneOf(...DHL_EXPORT_REASONS),
  manufacturerCountry: pattern('^[A-Z]{2}$'),
  weight: obj({ netValue: num(0, 999999999), grossValue: num(0, 999999999) }, ['netValue', 'grossValue']),
}, ['number', 'description', 'price', 'quantity', 'manufacturerCountry', 'weight']);

export const shipmentRequestSchema: Schema = obj({
  plannedShippingDateAndTime: pattern('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\s?GMT[+-]\\d{2}:\\d{2}$'),
  pickup: obj({ isRequested: bool, closeTime: pattern('^([01][0-9]|2[0-3]):[0-5][0-9]$'), location: str(1, 80) }, ['isRequested']),
  productCode: pattern('^[A-Z0-9]{1,3}$'),
  accounts: list(obj({ typeCode: oneOf('shipper', 'payer', 'duties-taxes'), number: str(1, 12) }, ['typeCode', 'number']), 3),
  outputImageProperties: obj({
    encodingFormat: oneOf('pdf', 'zpl', 'lp2', 'epl'),
    imageOptions: list(obj({ typeCode: oneOf('label', 'waybillDoc', 'invoice', 'receipt', 'qr-code'), templateName: str(1, 30), isRequested: bool, invoiceType: oneOf('commercial', 'proforma') }, ['typeCode']), 20),
    splitDocumentsByPages: bool, splitTransportAndWaybillDocLabels: bool, allDocumentsInOneImage: bool,
  }),
  customerReferences: list(reference(35), 10),
  customerDetails: obj({ shipperDetails: party, receiverDetails: party }, ['shipperDetails', 'receiverDetails']),
  content: obj({
    packages: list(obj({
      weight: num(0.001, 999999999999), customerReferences: list(reference(35), 10),
      dimensions: obj({ length: num(1, 9999999), width: num(1, 9999999), height: num(1, 9999999) }, ['length', 'width', 'height']),
    }, ['weight']), 999),
    isCustomsDeclarable: bool, declaredValue: num(0, 999999999999), declaredValueCurrency: pattern('^[A-Z]{3}$'),
    exportDeclaration: obj({
      lineItems: list(lineItem, 999), invoice: obj({ number: str(1, 35), date: pattern('^\\d{4}-\\d{2}-\\d{2}$') }, ['number', 'date']),
      exportReason: str(1, 30), exportReasonType: oneOf(...DHL_EXPORT_REASONS),
    }, ['lineItems', 'invoice']),
    description: str(1, 70), incoterm: oneOf(...DHL_INCOTERMS), unitOfMeasurement: oneOf('metric', 'imperial'),
  }, ['packages', 'isCustomsDeclarable', 'description', 'incoterm', 'unitOfMeasurement']),
}, ['plannedShippingDateAndTime', 'pickup', 'productCode', 'accounts', 'customerDetails', 'content']);

/** Headers of every MyDHL call Waybill makes (Message-Reference 28 to 36 characters). */
export const messageHeadersSchema: Schema = obj({ 'message-reference': str(28, 36), 'message-reference-date': text }, ['message-reference'], true);
export const trackingQuerySchema: Schema = obj({
  shipmentTrackingNumber: list(pattern('^[0-9A-Z]{10,39}$'), DHL_TRACKING_BATCH),
  trackingView: oneOf('all-checkpoints', 'last-checkpoint', 'shipment-details-only', 'advanced-shipment', 'bbx-children'),
  levelOfDetail: oneOf('shipment', 'piece', 'all'),
}, ['shipmentTrackingNumber']);
export const epodQuerySchema: Schema = obj({ shipperAccountNumber: str(1, 12), content: oneOf('epod-detail', 'epod-summary', 'epod-detail-esig', 'epod-summary-esig', 'epod-table', 'epod-table-detail', 'epod-table-esig') }, ['shipperAccountNumber']);
export const addressValidateQuerySchema: Schema = obj({ type: oneOf('pickup', 'delivery'), countryCode: pattern('^[A-Z]{2}$'), postalCode: str(0, 12), cityName: str(1, 45) }, ['type', 'countryCode']);
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
