import type { Kysely } from 'kysely';
import type { Carrier } from '@waybill/carrier-model';
import type { JobDriver } from '@waybill/jobs';
import type { Logger } from '@waybill/logger';
import type { ManifestDb } from '../database';
import type { ConsignmentClaims } from './consignment-claims.client';

/** The carrier a manifest goes to, by the identifier and name its claim names. */
export interface ManifestCarriers {
  readonly deployed: boolean;
  booked(company: string, identifier: string, name: string): Pick<Carrier, 'identifier' | 'name' | 'manifest'>;
}

/** What the manifest use cases need; built once in service.ts. */
export interface ManifestDeps {
  db: Kysely<ManifestDb>;
  consignments: ConsignmentClaims;
  jobs: JobDriver;
  /** Every carrier, reached through carrier-link (`LinkedCarriers`); none when carrier-link is not deployed. */
  carriers: ManifestCarriers;
  logger: Logger;
  /** Called after a commit that wrote events, so the outbox relay publishes them without waiting to poll. */
  afterCommit: () => void;
  /** Attempts and backoff base of the document job (carrier call and PDF). */
  generation: { attempts: number; backoffMs: number };
}
