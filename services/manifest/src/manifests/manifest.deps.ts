import type { Kysely } from 'kysely';
import type { CarrierRegistry } from '@waybill/carrier-model';
import type { LinkedCarriers } from '@waybill/carrier-link-client';
import type { JobDriver } from '@waybill/jobs';
import type { Logger } from '@waybill/logger';
import type { ManifestDb } from '../database';
import type { ConsignmentClaims } from './consignment-claims.client';

/** What the manifest use cases need; built once in service.ts. */
export interface ManifestDeps {
  db: Kysely<ManifestDb>;
  consignments: ConsignmentClaims;
  jobs: JobDriver;
  registry: CarrierRegistry;
  /** Real carriers, reached through carrier-link (which holds the company's account with each). */
  linked: LinkedCarriers;
  logger: Logger;
  /** Called after a commit that wrote events, so the outbox relay publishes them without waiting to poll. */
  afterCommit: () => void;
  /** Attempts and backoff base of the document job (carrier call and PDF). */
  generation: { attempts: number; backoffMs: number };
}
