import { bool, int, list, num, obj, oneOf, str, text, type Schema } from '../kit/schema-kit';

/**
 * JSON Schemas of the Click & Drop (v1) and Tracking (v2) members Waybill uses, written from Royal Mail's
 * published descriptions: names, required members, enums, lengths and ranges. The double checks every
 * request against them.
 */
const money = num(0, 999999, { multipleOf: 0.01 });

/**
 * Click & Drop's customs declaration categories in its current description: a sale is declared as a
 * commercial (business to business) or an e-commerce (to a consumer) sale; `saleOfGoods` and
 * `mixedContent` of earlier versions are gone.
 */
export const RM_CUSTOMS_CATEGORIES = ['none', 'gift', 'commercialSample', 'documents', 'other', 'returnedGoods', 'commercialSaleOfGoods', 'eCommerceSaleOfGoods'];

const address = obj({
  fullName: str(0, 210), companyName: str(0, 100), addressLine1: str(1, 100), addressLine2: str(0, 100),
  addressLine3: str(0, 100), city: str(1, 100), county: str(0, 100), postcode: str(0, 20), countryCode: str(2, 3),
}, ['addressLine1', 'city', 'countryCode']);

const item = obj({
  name: str(0, 800), SKU: str(0, 100), quantity: int(1, 999999), unitValue: money, unitWeightInGrams: int(0, 999999),
  customsDescription: str(0, 50), extendedCustomsDescription: str(0, 300), customsCode: str(0, 10), originCountryCode: str(0, 3),
  customsDeclarationCategory: oneOf(...RM_CUSTOMS_CATEGORIES),
}, ['quantity']);

const pkg = obj({
  weightInGrams: int(1, 30000),
  packageFormatIdentifier: oneOf('undefined', 'letter', 'largeLetter', 'smallParcel', 'mediumParcel', 'largeParcel', 'parcel', 'documents'),
  dimensions: obj({ heightInMms: int(1, 100000), widthInMms: int(1, 100000), depthInMms: int(1, 100000) }, ['heightInMms', 'widthInMms', 'depthInMms']),
  contents: list(item, 1000, 0),
}, ['weightInGrams', 'packageFormatIdentifier']);

export const createOrderSchema: Schema = obj({
  orderReference: str(0, 40),
  isRecipientABusiness: bool,
  recipient: obj({ address, phoneNumber: str(0, 25), emailAddress: str(0, 254) }),
  sender: obj({ tradingName: str(0, 250), phoneNumber: str(0, 25), emailAddress: str(0, 254) }),
  packages: list(pkg, 100, 0),
  orderDate: { type: 'string', format: 'date-time' },
  plannedDespatchDate: { type: 'string', format: 'date-time' },
  subtotal: money, shippingCostCharged: money, total: money, currencyCode: str(3, 3),
  postageDetails: obj({
    serviceCode: str(1, 10), sendNotificationsTo: oneOf('sender', 'recipient', 'billing'), receiveEmailNotification: bool,
    IOSSNumber: str(0, 50), commercialInvoiceNumber: str(0, 35), commercialInvoiceDate: { type: 'string', format: 'date-time' }, recipientEoriNumber: text,
  }),
  label: obj({ includeLabelInResponse: bool, includeCN: bool, includeReturnsLabel: bool }, ['includeLabelInResponse']),
}, ['recipient', 'orderDate', 'subtotal', 'shippingCostCharged', 'total']);

export const createOrdersRequestSchema: Schema = obj({ items: list(createOrderSchema, 100) }, ['items']);

/** GET /orders (the account check) and /orders/{identifiers}. */
export const listOrdersQuerySchema: Schema = obj({ pageSize: { type: 'string', pattern: '^([1-9]|[1-9][0-9]|100)$' }, continuationToken: text }, []);

const orderInfo = obj({
  orderIdentifier: { type: 'integer' }, orderReference: text, createdOn: text, orderDate: text, printedOn: text,
  manifestedOn: text, shippedOn: text, trackingNumber: text,
  packages: { type: 'array', items: obj({ packageNumber: { type: 'integer' }, trackingNumber: text }) },
}, ['orderIdentifier', 'createdOn'], true);

export const createOrdersAnswerSchema: Schema = obj({
  successCount: { type: 'integer' }, errorsCount: { type: 'integer' },
  createdOrders: { type: 'array', items: obj({ ...(orderInfo.properties as Record<string, Schema>), label: text, labelErrors: { type: 'array' }, generatedDocuments: { type: 'array', items: text } }, ['orderIdentifier', 'createdOn'], true) },
  failedOrders: { type: 'array', items: obj({ order: { type: 'object' }, errors: { type: 'array', items: obj({ errorCode: { type: 'integer' }, errorMessage: text, fields: { type: 'array' } }, [], true) } }, [], true) },
}, [], true);
export const ordersAnswerSchema: Schema = { type: 'array', items: orderInfo };
export const listOrdersAnswerSchema: Schema = obj({ orders: { type: 'array', items: orderInfo }, continuationToken: text }, [], true);
export const deleteAnswerSchema: Schema = obj({ deletedOrders: { type: 'array' }, errors: { type: 'array' } }, [], true);
export const manifestAnswerSchema: Schema = obj({ manifestNumber: { type: 'number' }, documentPdf: text, status: oneOf('In Progress', 'Completed', 'Failed') }, ['manifestNumber'], true);
export const errorAnswerSchema: Schema = obj({ code: text, message: text, details: text }, ['message'], true);

/** Tracking API v2: GET /mailpieces/v2/summary?mailPieceId=a,b,... (at most 30) with the client's id and secret headers. */
export const RM_TRACKING_BATCH = 30;
export const summaryQuerySchema: Schema = obj({ mailPieceId: { type: 'string', pattern: '^[A-Za-z0-9]{1,40}(,[A-Za-z0-9]{1,40}){0,29}$' } }, ['mailPieceId']);
export const trackingHeadersSchema: Schema = obj({
  'x-ibm-client-id': str(1, 100), 'x-ibm-client-secret': str(1, 200), 'x-accept-rmg-terms': oneOf('yes'),
}, ['x-ibm-client-id', 'x-ibm-client-secret', 'x-accept-rmg-terms'], true);
export const summaryAnswerSchema: Schema = obj({
  mailPieces: { type: 'array', items: obj({
    mailPieceId: text, status: text, carrierShortName: text, carrierFullName: text,
    summary: obj({ uniqueItemId: text, oneDBarcode: text, productName: text, lastEventCode: text, lastEventName: text, lastEventDateTime: text, lastEventLocationName: text, statusDescription: text, statusCategory: text }, [], true),
    links: { type: 'object' }, error: { type: 'object' },
  }, ['mailPieceId'], true) },
}, ['mailPieces'], true);
export const trackingErrorSchema: Schema = obj({
  httpCode: text, httpMessage: text, moreInformation: text,
  errors: { type: 'array', items: obj({ errorCode: text, errorDescription: text, errorCause: text, errorResolution: text }, ['errorCode', 'errorDescription'], true) },
}, ['httpCode', 'httpMessage'], true);
