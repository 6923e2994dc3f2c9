import { list, obj, oneOf, pattern, str, ONE_Z, TRACK_ALERT_NUMBER, type Schema } from './ups.schema-kit';

/**
 * Schemas of the other UPS operations Waybill uses, from UPS's published descriptions: OAuth client
 * credentials, Void, Tracking and Track Alert v2 (requests, headers, and the shapes of the answers).
 */

/** Headers every Shipping, Tracking and Track Alert request carries: transId (32) and transactionSrc (512). */
export const transactionHeadersSchema: Schema = obj({
  transid: str(1, 32), transactionsrc: str(1, 512),
}, ['transid', 'transactionsrc'], true);

/** The ship operation's only query parameter: `additionaladdressvalidation=city`. */
export const shipQuerySchema: Schema = obj({ additionaladdressvalidation: oneOf('city') });

/** POST /security/v1/oauth/token: form body, client id and secret by HTTP Basic. */
export const tokenFormSchema: Schema = obj({ grant_type: oneOf('client_credentials') }, ['grant_type']);
export const tokenAnswerSchema: Schema = obj({
  token_type: { type: 'string' }, issued_at: { type: 'string' }, client_id: { type: 'string' },
  access_token: { type: 'string' }, scope: { type: 'string' }, expires_in: { type: 'string' },
  refresh_count: { type: 'string' }, status: { type: 'string' },
}, ['access_token', 'expires_in']);

/** DELETE /api/shipments/{version}/void/cancel/{shipmentidentificationnumber}. */
export const voidPathSchema: Schema = obj({ version: oneOf('v2409'), shipmentId: pattern(ONE_Z) }, ['version', 'shipmentId']);

/** GET /api/track/v1/details/{inquiryNumber}. */
export const trackPathSchema: Schema = obj({ inquiryNumber: str(7, 34) }, ['inquiryNumber']);
export const trackQuerySchema: Schema = obj({
  locale: pattern('^[a-z]{2}_[A-Z]{2}$'), returnSignature: oneOf('true', 'false'),
  returnMilestones: oneOf('true', 'false'), returnPOD: oneOf('true', 'false'),
});

/** POST /api/track/v2/subscription/{type}/package (Track Alert v2). */
export const subscriptionRequestSchema: Schema = obj({
  locale: pattern('^[a-z]{2}_[A-Z]{2}$'),
  countryCode: str(2, 2, { pattern: '^[A-Z]{2}' }),
  trackingNumberList: list(pattern(TRACK_ALERT_NUMBER), 100),
  eventPreferences: list(oneOf('D', 'I', 'M', 'X'), 4),
}, ['locale', 'trackingNumberList']);
export const subscriptionAnswerSchema: Schema = obj({
  validTrackingNumbers: { type: 'array', items: { type: 'string' } },
  invalidTrackingNumbers: { type: 'array', items: { type: 'string' } },
});

const date8 = pattern('^\\d{4}(0[1-9]|1[012])(0[1-9]|[12][0-9]|3[01])$');
const time6 = pattern('^([01]?\\d|2[0-3])([0-5]?\\d){2}$');

/** The body Track Alert posts to the subscriber's webhook for one event (TrackingEventRequest). */
export const trackAlertEventSchema: Schema = obj({
  trackingNumber: pattern(TRACK_ALERT_NUMBER),
  localActivityDate: date8, localActivityTime: time6,
  activityLocation: obj({ city: { type: 'string' }, stateProvince: { type: 'string' }, postalCode: { type: 'string' }, country: { type: 'string' } }, [], true),
  activityStatus: obj({
    type: oneOf('D', 'I', 'M', 'MV', 'U', 'X'), code: { type: 'string' }, description: { type: 'string' },
    descriptionCode: { type: ['string', 'number'] },
  }, [], true),
  scheduledDeliveryDate: date8, actualDeliveryDate: date8, actualDeliveryTime: time6,
  gmtActivityDate: date8, gmtActivityTime: time6,
  gmtOffset: pattern('^[+-]([01]\\d|2[0-3])\\.[0-5]\\d$'),
  deliveryStartTime: time6, deliveryEndTime: time6, deliveryTimeDescription: { type: 'string' },
  deliveryPhoto: { type: 'string' }, alternateTrackingNumber: { type: 'string' }, receivedBy: { type: 'string' },
}, ['trackingNumber', 'activityStatus'], true);

/** UPS's error answer: `{"response": {"errors": [{"code", "message"}]}}`. */
export const errorAnswerSchema: Schema = obj({
  response: obj({ errors: list(obj({ code: { type: 'string' }, message: { type: 'string' } }, ['code', 'message']), 100) }, ['errors']),
}, ['response'], true);

const status = obj({ Code: str(1, 1), Description: str(1, 35) }, ['Code', 'Description']);
const image = obj({ ImageFormat: obj({ Code: str(3, 3), Description: str(1, 35) }, ['Code'], true), GraphicImage: { type: 'string' } }, ['ImageFormat', 'GraphicImage'], true);

export const shipAnswerSchema: Schema = obj({
  ShipmentResponse: obj({
    Response: obj({ ResponseStatus: status, Alert: { type: 'array' } }, ['ResponseStatus'], true),
    ShipmentResults: obj({
      ShipmentIdentificationNumber: str(18, 18),
      BillingWeight: { type: 'object' },
      PackageResults: list(obj({ TrackingNumber: str(18, 18), ShippingLabel: image }, ['TrackingNumber'], true), 200),
      Form: obj({ Code: str(1, 2), Description: str(1, 35), Image: image }, [], true),
    }, ['BillingWeight'], true),
  }, ['Response', 'ShipmentResults'], true),
}, ['ShipmentResponse'], true);

export const voidAnswerSchema: Schema = obj({
  VoidShipmentResponse: obj({
    Response: obj({ ResponseStatus: status }, ['ResponseStatus'], true),
    SummaryResult: obj({ Status: obj({ Code: str(1, 1), Description: str(1, 15) }, ['Code', 'Description']) }, ['Status']),
  }, ['Response', 'SummaryResult'], true),
}, ['VoidShipmentResponse'], true);

const activity = obj({
  date: { type: 'string' }, time: { type: 'string' }, gmtDate: { type: 'string' }, gmtTime: { type: 'string' }, gmtOffset: { type: 'string' },
  location: { type: 'object' },
  status: obj({ type: { type: 'string' }, code: { type: 'string' }, description: { type: 'string' }, statusCode: { type: 'string' } }, [], true),
}, [], true);

export const trackAnswerSchema: Schema = obj({
  trackResponse: obj({
    shipment: { type: 'array', items: obj({
      inquiryNumber: { type: 'string' },
      package: { type: 'array', items: obj({ trackingNumber: { type: 'string' }, activity: { type: 'array', items: activity } }, [], true) },
      warnings: { type: 'array' },
    }, [], true) },
  }, ['shipment'], true),
}, ['trackResponse'], true);
