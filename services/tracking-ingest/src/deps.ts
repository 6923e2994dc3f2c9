import type { Kysely } from 'kysely';
import type { TrackedCarriers } from './carriers/tracked-carrier';
import type { JobDriver } from '@waybill/jobs';
import type { PushTokens } from '@waybill/carriers';
import type { EventBus } from '@waybill/messaging';
import type { Logger } from '@waybill/logger';
import type { TrackingDb } from './database';
import type { CarrierSecrets } from './secrets/carrier-secrets';
import type { PodUrlSigner } from './pod/pod.url';
import type { ReturnsOffer } from './page/returns-offer.client';

/** What the use cases of this service need; built once in service.ts (tests build their own). */
export interface TrackingDeps {
  db: Kysely<TrackingDb>;
  registry: TrackedCarriers;
  secrets: CarrierSecrets;
  jobs: JobDriver;
  bus: EventBus;
  logger: Logger;
  podUrls: PodUrlSigner;
  /** Checks the Bearer tokens of carriers that push with OAuth (UPS Track Alert); carrier-link issues them with the same derived key. */
  pushTokens: PushTokens;
  /** Absolute base of document links: PUBLIC_BASE_URL, else http://localhost:PORT of the gateway. */
  publicUrl: string;
  /** Called after a commit that wrote events, so the outbox relay publishes without waiting to poll. */
  afterCommit: () => void;
  /** Attempts and backoff base of proof-of-delivery retrieval. */
  podRetry: { attempts: number; backoffMs: number };
  /** Whether a delivered parcel's page links to the returns page; absent: never. */
  returnsOffer?: ReturnsOffer;
  /** The clock: signature tolerance and link expiry are checked against it (tests move it). */
  now: () => Date;
}
