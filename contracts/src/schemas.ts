// Static imports (not a directory scan) so the registry works unchanged under tsx, jest and any bundler.
// A test checks that every JSON file under api/, events/ and webhooks/ is listed here and has a SchemaId.
import address from '../api/address.json';
import carrier from '../api/carrier.json';
import carrierAccount from '../api/carrier-account.json';
import carrierAccountInput from '../api/carrier-account-input.json';
import carrierAccountPatch from '../api/carrier-account-patch.json';
import carrierAccountCheck from '../api/carrier-account-check.json';
import carrierCredentialKeys from '../api/carrier-credential-keys.json';
import carrierPushToken from '../api/carrier-push-token.json';
import carrierCall from '../api/carrier-call.json';
import carrierCallPage from '../api/carrier-call-page.json';
import carrierService from '../api/carrier-service.json';
import consignment from '../api/consignment.json';
import consignmentInput from '../api/consignment-input.json';
import consignmentPage from '../api/consignment-page.json';
import consignmentStatus from '../api/consignment-status.json';
import createResult from '../api/create-result.json';
import currentStatus from '../api/current-status.json';
import customAttributes from '../api/custom-attributes.json';
import deliveryOption from '../api/delivery-option.json';
import deliveryOptionsRequest from '../api/delivery-options-request.json';
import deliveryOptionsResponse from '../api/delivery-options-response.json';
import deliveryRule from '../api/delivery-rule.json';
import deliveryRuleConditions from '../api/delivery-rule-conditions.json';
import deliveryRuleInput from '../api/delivery-rule-input.json';
import deliveryRulePrice from '../api/delivery-rule-price.json';
import deliveryRuleSchedule from '../api/delivery-rule-schedule.json';
import deliverySettings from '../api/delivery-settings.json';
import consignmentDocuments from '../api/documents.json';
import errorResponse from '../api/error.json';
import exportCustoms from '../api/export-customs.json';
import invoice from '../api/invoice.json';
import item from '../api/item.json';
import manifestClaim from '../api/manifest-claim.json';
import manifestClaimConsignment from '../api/manifest-claim-consignment.json';
import manifestCreated from '../api/manifest-created.json';
import manifestDocuments from '../api/manifest-documents.json';
import manifestInput from '../api/manifest-input.json';
import packageSchema from '../api/package.json';
import packageInput from '../api/package-input.json';
import recipient from '../api/recipient.json';
import serviceAliases from '../api/service-aliases.json';
import returnsPolicy from '../api/returns-policy.json';
import returnInput from '../api/return-input.json';
import retention from '../api/retention.json';
import trackingPush from '../api/tracking-push.json';
import trackingPushResult from '../api/tracking-push-result.json';
import trackingPage from '../api/tracking-page.json';
import trackingPageSettings from '../api/tracking-page-settings.json';
import notificationSettings from '../api/notification-settings.json';
import notificationLog from '../api/notification-log.json';
import notificationUnsubscribeInput from '../api/notification-unsubscribe-input.json';
import warehouse from '../api/warehouse.json';
import webhookAttempt from '../api/webhook-attempt.json';
import webhookAttemptPage from '../api/webhook-attempt-page.json';
import auditLogEntry from '../api/audit-log-entry.json';
import auditLogPage from '../api/audit-log-page.json';
import webhookEndpoint from '../api/webhook-endpoint.json';
import webhookEndpointCreated from '../api/webhook-endpoint-created.json';
import webhookEndpointInput from '../api/webhook-endpoint-input.json';
import webhookEndpointPatch from '../api/webhook-endpoint-patch.json';
import webhookEventAccepted from '../api/webhook-event-accepted.json';
import webhookEventType from '../api/webhook-event-type.json';
import webhookRecoverInput from '../api/webhook-recover-input.json';
import webhookResendInput from '../api/webhook-resend-input.json';
import webhookResent from '../api/webhook-resent.json';
import webhookSecret from '../api/webhook-secret.json';
import consignmentAllocated from '../events/consignment-allocated.json';
import consignmentCancelled from '../events/consignment-cancelled.json';
import consignmentErased from '../events/consignment-erased.json';
import consignmentCreated from '../events/consignment-created.json';
import consignmentStatusChanged from '../events/consignment-status-changed.json';
import consignmentUnallocated from '../events/consignment-unallocated.json';
import consignmentUpdated from '../events/consignment-updated.json';
import deliveryRulesChanged from '../events/delivery-rules-changed.json';
import envelope from '../events/envelope.json';
import documentsLabelsPrinted from '../events/documents-labels-printed.json';
import manifestFailed from '../events/manifest-failed.json';
import proofOfDeliveryWebhook from '../webhooks/proof-of-delivery.json';
import testWebhook from '../webhooks/test.json';
import trackingUpdateWebhook from '../webhooks/tracking-update.json';
import returnCreatedWebhook from '../webhooks/return-created.json';
import consignmentReturnCreated from '../events/consignment-return-created.json';
import trackingConsignmentProgressed from '../events/tracking-consignment-progressed.json';
import podRetrieved from '../events/pod-retrieved.json';
import carrierTrackingPolled from '../events/carrier-tracking-polled.json';
import trackingUpdated from '../events/tracking-updated.json';
import consignmentDashboard from '../api/consignment-dashboard.json';
import webhookDashboard from '../api/webhook-dashboard.json';
import exceptionQueue from '../api/exception-queue.json';
import deliveryRulesPreviewInput from '../api/delivery-rules-preview-input.json';
import rateSheetInput from '../api/rate-sheet-input.json';
import rateSheet from '../api/rate-sheet.json';
import rateSheetImportInput from '../api/rate-sheet-import-input.json';
import ratesRequest from '../api/rates-request.json';
import ratesResponse from '../api/rates-response.json';

export interface JsonSchema {
  $id: string;
  title: string;
  [keyword: string]: unknown;
}

const api = 'https://waybill.dev/schemas/api/';
const events = 'https://waybill.dev/schemas/events/';
const webhooks = 'https://waybill.dev/schemas/webhooks/';

/** Schema `$id`s by schema title (which is also the generated TypeScript type name). */
export const SchemaId = {
  Address: `${api}address.json`,
  Carrier: `${api}carrier.json`,
  CarrierService: `${api}carrier-service.json`,
  Consignment: `${api}consignment.json`,
  ConsignmentInput: `${api}consignment-input.json`,
  ConsignmentPage: `${api}consignment-page.json`,
  ConsignmentStatus: `${api}consignment-status.json`,
  CreateResult: `${api}create-result.json`,
  CurrentStatus: `${api}current-status.json`,
  CustomAttributes: `${api}custom-attributes.json`,
  DeliveryOption: `${api}delivery-option.json`,
  DeliveryOptionsRequest: `${api}delivery-options-request.json`,
  DeliveryOptionsResponse: `${api}delivery-options-response.json`,
  DeliveryRule: `${api}delivery-rule.json`,
  DeliveryRuleConditions: `${api}delivery-rule-conditions.json`,
  DeliveryRuleInput: `${api}delivery-rule-input.json`,
  DeliveryRulePrice: `${api}delivery-rule-price.json`,
  DeliveryRuleSchedule: `${api}delivery-rule-schedule.json`,
  DeliverySettings: `${api}delivery-settings.json`,
  ErrorResponse: `${api}error.json`,
  ExportCustoms: `${api}export-customs.json`,
  Invoice: `${api}invoice.json`,
  Item: `${api}item.json`,
  ManifestClaim: `${api}manifest-claim.json`,
  ManifestClaimConsignment: `${api}manifest-claim-consignment.json`,
  ManifestCreated: `${api}manifest-created.json`,
  ManifestDocuments: `${api}manifest-documents.json`,
  ManifestInput: `${api}manifest-input.json`,
  Package: `${api}package.json`,
  PackageInput: `${api}package-input.json`,
  Recipient: `${api}recipient.json`,
  ServiceAliases: `${api}service-aliases.json`,
  ReturnsPolicy: `${api}returns-policy.json`,
  ReturnInput: `${api}return-input.json`,
  Retention: `${api}retention.json`,
  Warehouse: `${api}warehouse.json`,
  ConsignmentDocuments: `${api}documents.json`,
  CarrierAccount: `${api}carrier-account.json`,
  CarrierAccountInput: `${api}carrier-account-input.json`,
  CarrierAccountPatch: `${api}carrier-account-patch.json`,
  CarrierAccountCheck: `${api}carrier-account-check.json`,
  CarrierCredentialKeys: `${api}carrier-credential-keys.json`,
  CarrierPushToken: `${api}carrier-push-token.json`,
  CarrierCall: `${api}carrier-call.json`,
  CarrierCallPage: `${api}carrier-call-page.json`,
  WebhookAttempt: `${api}webhook-attempt.json`,
  WebhookAttemptPage: `${api}webhook-attempt-page.json`,
  AuditLogEntry: `${api}audit-log-entry.json`,
  AuditLogPage: `${api}audit-log-page.json`,
  WebhookEndpoint: `${api}webhook-endpoint.json`,
  WebhookEndpointCreated: `${api}webhook-endpoint-created.json`,
  WebhookEndpointInput: `${api}webhook-endpoint-input.json`,
  WebhookEndpointPatch: `${api}webhook-endpoint-patch.json`,
  WebhookEventAccepted: `${api}webhook-event-accepted.json`,
  WebhookEventType: `${api}webhook-event-type.json`,
  WebhookRecoverInput: `${api}webhook-recover-input.json`,
  WebhookResendInput: `${api}webhook-resend-input.json`,
  WebhookResent: `${api}webhook-resent.json`,
  WebhookSecret: `${api}webhook-secret.json`,
  TrackingPush: `${api}tracking-push.json`,
  TrackingPushResult: `${api}tracking-push-result.json`,
  ConsignmentDashboard: `${api}consignment-dashboard.json`,
  WebhookDashboard: `${api}webhook-dashboard.json`,
  ExceptionQueue: `${api}exception-queue.json`,
  DeliveryRulesPreviewInput: `${api}delivery-rules-preview-input.json`,
  RateSheetInput: `${api}rate-sheet-input.json`,
  RateSheet: `${api}rate-sheet.json`,
  RateSheetImportInput: `${api}rate-sheet-import-input.json`,
  RatesRequest: `${api}rates-request.json`,
  RatesResponse: `${api}rates-response.json`,
  TrackingPage: `${api}tracking-page.json`,
  TrackingPageSettings: `${api}tracking-page-settings.json`,
  NotificationSettings: `${api}notification-settings.json`,
  NotificationLog: `${api}notification-log.json`,
  NotificationUnsubscribeInput: `${api}notification-unsubscribe-input.json`,
  EventEnvelope: `${events}envelope.json`,
  ConsignmentAllocatedData: `${events}consignment-allocated.json`,
  ConsignmentCancelledData: `${events}consignment-cancelled.json`,
  ConsignmentErasedData: `${events}consignment-erased.json`,
  ConsignmentCreatedData: `${events}consignment-created.json`,
  ConsignmentStatusChangedData: `${events}consignment-status-changed.json`,
  ConsignmentUnallocatedData: `${events}consignment-unallocated.json`,
  ConsignmentUpdatedData: `${events}consignment-updated.json`,
  ConsignmentReturnCreatedData: `${events}consignment-return-created.json`,
  DeliveryRulesChangedData: `${events}delivery-rules-changed.json`,
  DocumentsLabelsPrintedData: `${events}documents-labels-printed.json`,
  ManifestFailedData: `${events}manifest-failed.json`,
  TrackingUpdateWebhook: `${webhooks}tracking-update.json`,
  ProofOfDeliveryWebhook: `${webhooks}proof-of-delivery.json`,
  TestWebhook: `${webhooks}test.json`,
  ReturnCreatedWebhook: `${webhooks}return-created.json`,
  TrackingUpdatedData: `${events}tracking-updated.json`,
  PodRetrievedData: `${events}pod-retrieved.json`,
  CarrierTrackingPolledData: `${events}carrier-tracking-polled.json`,
  TrackingConsignmentProgressedData: `${events}tracking-consignment-progressed.json`,
} as const;

export type SchemaIdValue = (typeof SchemaId)[keyof typeof SchemaId];

/** Groups map to generated files: src/generated/<group>.ts. Order here is the order of declarations there. */
export const schemaGroups = {
  api: [
    consignmentInput, consignment, consignmentStatus, currentStatus, recipient, address, packageInput,
    packageSchema, item, exportCustoms, invoice, customAttributes, consignmentPage, createResult,
    carrier, carrierService, warehouse, errorResponse,
    deliveryOptionsRequest, deliveryOptionsResponse, deliveryOption,
    deliveryRuleInput, deliveryRule, deliveryRuleConditions, deliveryRulePrice, deliveryRuleSchedule, deliverySettings,
    rateSheetInput, rateSheet, rateSheetImportInput, ratesRequest, ratesResponse,
    manifestInput, manifestCreated, manifestDocuments, manifestClaim, manifestClaimConsignment,
    consignmentDocuments, carrierAccount, carrierAccountInput, carrierAccountPatch, carrierAccountCheck, carrierCredentialKeys, carrierPushToken,
    carrierCall, carrierCallPage,
    webhookEventType, webhookEndpoint, webhookEndpointCreated, webhookEndpointInput, webhookEndpointPatch, webhookSecret,
    webhookAttempt, webhookAttemptPage, webhookRecoverInput, webhookResendInput, webhookResent, webhookEventAccepted,
    trackingPush, trackingPushResult,
    consignmentDashboard, webhookDashboard, exceptionQueue, deliveryRulesPreviewInput,
    trackingPage, trackingPageSettings, serviceAliases, notificationSettings, notificationLog, notificationUnsubscribeInput,
    returnsPolicy, returnInput,
    auditLogEntry, auditLogPage, retention,
  ] as JsonSchema[],
  events: [
    envelope, consignmentCreated, consignmentUpdated, consignmentAllocated, consignmentUnallocated,
    consignmentCancelled, consignmentStatusChanged, consignmentErased, consignmentReturnCreated,
    deliveryRulesChanged,
    documentsLabelsPrinted,
    manifestFailed,
    trackingUpdated, podRetrieved, trackingConsignmentProgressed, carrierTrackingPolled,
  ] as JsonSchema[],
  webhooks: [trackingUpdateWebhook, proofOfDeliveryWebhook, testWebhook, returnCreatedWebhook] as JsonSchema[],
};

export type SchemaGroup = keyof typeof schemaGroups;

/**
 * The bodies clients send: validated the way DRF reads them (numbers as decimal strings too), and every
 * string in them bounded by a maxLength (a test walks them).
 */
export const requestSchemaIds: ReadonlySet<string> = new Set<string>([
  SchemaId.ConsignmentInput, SchemaId.DeliveryOptionsRequest, SchemaId.DeliveryRuleInput, SchemaId.DeliverySettings,
  SchemaId.ManifestInput, SchemaId.TrackingPush, SchemaId.WebhookEndpointInput, SchemaId.WebhookEndpointPatch,
  SchemaId.WebhookRecoverInput, SchemaId.WebhookResendInput, SchemaId.DeliveryRulesPreviewInput, SchemaId.ServiceAliases,
  SchemaId.Retention,
  SchemaId.RateSheetInput, SchemaId.RateSheetImportInput, SchemaId.RatesRequest,
]);

export const allSchemas: readonly JsonSchema[] = [...schemaGroups.api, ...schemaGroups.events, ...schemaGroups.webhooks];

const byId = new Map(allSchemas.map((schema) => [schema.$id, schema]));

export function getSchema(id: string): JsonSchema | undefined {
  return byId.get(id);
}

/** Resolves a `$ref` as ajv does: relative to the `$id` of the schema that holds it. */
export function resolveRef(ref: string, from: JsonSchema): JsonSchema {
  const target = byId.get(new URL(ref, from.$id).href);
  if (!target) throw new Error(`Unresolvable $ref "${ref}" in ${from.$id}`);
  return target;
}
