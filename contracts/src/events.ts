import type {
  ConsignmentAllocatedData, ConsignmentCancelledData, ConsignmentErasedData, ConsignmentCreatedData, ConsignmentStatusChangedData,
  ConsignmentUnallocatedData, ConsignmentUpdatedData, ConsignmentReturnCreatedData, DeliveryRulesChangedData, DocumentsLabelsPrintedData, EventEnvelope, ManifestFailedData,
  PodRetrievedData, TrackingConsignmentProgressedData, TrackingUpdatedData, CarrierTrackingPolledData,
} from './generated/events';
import { SchemaId } from './schemas';
import { prefixErrors, validate, type ValidationResult } from './validation';

/** Domain event types; each is also the RabbitMQ routing key. */
export const EventType = {
  ConsignmentCreated: 'consignment.consignment.created',
  ConsignmentUpdated: 'consignment.consignment.updated',
  ConsignmentAllocated: 'consignment.consignment.allocated',
  ConsignmentUnallocated: 'consignment.consignment.unallocated',
  ConsignmentCancelled: 'consignment.consignment.cancelled',
  ConsignmentStatusChanged: 'consignment.consignment.status_changed',
  ReturnCreated: 'consignment.return.created',
  ConsignmentErased: 'consignment.consignment.erased',
  DeliveryRulesChanged: 'delivery_options.rules.changed',
  DocumentsLabelsPrinted: 'documents.labels.printed',
  ManifestFailed: 'manifest.manifest.failed',
  TrackingUpdated: 'tracking.tracking.updated',
  PodRetrieved: 'tracking.pod.retrieved',
  TrackingConsignmentProgressed: 'tracking.consignment.progressed',
  CarrierTrackingPolled: 'carrier_link.tracking.polled',
} as const;

export type EventTypeName = (typeof EventType)[keyof typeof EventType];

export interface EventDataByType {
  'consignment.consignment.created': ConsignmentCreatedData;
  'consignment.consignment.updated': ConsignmentUpdatedData;
  'consignment.consignment.allocated': ConsignmentAllocatedData;
  'consignment.consignment.unallocated': ConsignmentUnallocatedData;
  'consignment.consignment.cancelled': ConsignmentCancelledData;
  'consignment.consignment.status_changed': ConsignmentStatusChangedData;
  'consignment.return.created': ConsignmentReturnCreatedData;
  'consignment.consignment.erased': ConsignmentErasedData;
  'delivery_options.rules.changed': DeliveryRulesChangedData;
  'documents.labels.printed': DocumentsLabelsPrintedData;
  'manifest.manifest.failed': ManifestFailedData;
  'tracking.tracking.updated': TrackingUpdatedData;
  'tracking.pod.retrieved': PodRetrievedData;
  'tracking.consignment.progressed': TrackingConsignmentProgressedData;
  'carrier_link.tracking.polled': CarrierTrackingPolledData;
}

/** An envelope whose `data` is typed by its `type`. */
export type DomainEvent<T extends EventTypeName = EventTypeName> = Omit<EventEnvelope, 'type' | 'data'> & {
  type: T;
  data: EventDataByType[T];
};

export const eventDataSchemaIds: Record<EventTypeName, string> = {
  [EventType.ConsignmentCreated]: SchemaId.ConsignmentCreatedData,
  [EventType.ConsignmentUpdated]: SchemaId.ConsignmentUpdatedData,
  [EventType.ConsignmentAllocated]: SchemaId.ConsignmentAllocatedData,
  [EventType.ConsignmentUnallocated]: SchemaId.ConsignmentUnallocatedData,
  [EventType.ConsignmentCancelled]: SchemaId.ConsignmentCancelledData,
  [EventType.ConsignmentStatusChanged]: SchemaId.ConsignmentStatusChangedData,
  [EventType.ReturnCreated]: SchemaId.ConsignmentReturnCreatedData,
  [EventType.ConsignmentErased]: SchemaId.ConsignmentErasedData,
  [EventType.DeliveryRulesChanged]: SchemaId.DeliveryRulesChangedData,
  [EventType.DocumentsLabelsPrinted]: SchemaId.DocumentsLabelsPrintedData,
  [EventType.ManifestFailed]: SchemaId.ManifestFailedData,
  [EventType.TrackingUpdated]: SchemaId.TrackingUpdatedData,
  [EventType.PodRetrieved]: SchemaId.PodRetrievedData,
  [EventType.TrackingConsignmentProgressed]: SchemaId.TrackingConsignmentProgressedData,
  [EventType.CarrierTrackingPolled]: SchemaId.CarrierTrackingPolledData,
};

/**
 * Validates an envelope and, when its type is known here, its data (errors under `data.`).
 * Data of a type this version does not know passes: a newer producer may publish types we ignore.
 */
export function validateEvent(event: unknown): ValidationResult {
  const envelope = validate(SchemaId.EventEnvelope, event);
  const { type, data } = (event ?? {}) as Partial<EventEnvelope>;
  const known = typeof type === 'string' && Object.hasOwn(eventDataSchemaIds, type);
  const payload = known ? validate(eventDataSchemaIds[type as EventTypeName], data) : { ok: true as const };
  if (envelope.ok && payload.ok) return { ok: true };
  return {
    ok: false,
    errors: { ...(envelope.ok ? {} : envelope.errors), ...(payload.ok ? {} : prefixErrors('data', payload.errors)) },
  };
}
