import type { Kysely } from 'kysely';
import type { CarrierAdapter, CarrierRegistry } from '@waybill/carriers';
import type { SecretBox } from '@waybill/internal-auth';
import type { JobDriver } from '@waybill/jobs';
import type { Logger } from '@waybill/logger';
import type { CarrierLinkDb } from './database';
import type { PollConfig } from './tracking/poll.config';
import type { CallLog } from './calls/call.log';
import type { ConsignmentLookup } from './calls/consignment.peer';
import type { WarehouseLookup } from './collections/warehouse.peer';

export interface CarrierLinkDeps {
  db: Kysely<CarrierLinkDb>;
  logger: Logger;
  /** Seals carrier credentials at rest (DATA_ENCRYPTION_KEY). */
  box: SecretBox;
  /** The real carriers of this deployment, by identifier. */
  adapters: ReadonlyMap<string, CarrierAdapter>;
  /**
   * Carriers every company may use without an account (the sandbox carriers): booked, voided and
   * manifested here like the others, so no other service knows which kind a carrier is.
   */
  openCarriers?: CarrierRegistry;
  /** Absolute base of Waybill's public URLs (the ingest paths handed to carriers). */
  publicUrl: string;
  /** Push subscriptions after booking. */
  jobs: JobDriver;
  /** The tracking polling schedule's figures (docs/carriers/tracking.md unless the environment shortens them). */
  polling?: PollConfig;
  /** The carrier call log (absent: calls are not recorded). */
  calls?: CallLog;
  /** Whether a consignment is the company's (its owner is the consignment service). */
  consignments?: ConsignmentLookup;
  /** The company's warehouses (their owner is the consignment service), where collections go. */
  warehouses?: WarehouseLookup;
}
