import type { RunningService, ServiceRuntime } from '@waybill/http';
import { startConsignmentService } from '@waybill/consignment';
import { startDeliveryOptionsService } from '@waybill/delivery-options';
import { startManifestService } from '@waybill/manifest';
import { startDocumentsService } from '@waybill/documents';
import { startWebhookDispatcherService } from '@waybill/webhook-dispatcher';
import { startTrackingIngestService } from '@waybill/tracking-ingest';
import { startCarrierLinkService } from '@waybill/carrier-link';
import { startNotificationsService } from '@waybill/notifications';

/** The services the one-process mode starts, in order; each later issue adds its own line. */
export const STARTERS: ReadonlyArray<{ name: string; start: (rt: ServiceRuntime) => Promise<RunningService> }> = [
  { name: 'consignment', start: (rt) => startConsignmentService(rt) },
  { name: 'delivery-options', start: (rt) => startDeliveryOptionsService(rt) },
  { name: 'manifest', start: (rt) => startManifestService(rt) },
  { name: 'documents', start: (rt) => startDocumentsService(rt) },
  { name: 'webhook-dispatcher', start: (rt) => startWebhookDispatcherService(rt) },
  { name: 'tracking-ingest', start: (rt) => startTrackingIngestService(rt) },
  { name: 'carrier-link', start: (rt) => startCarrierLinkService(rt) },
  { name: 'notifications', start: (rt) => startNotificationsService(rt) },
];
