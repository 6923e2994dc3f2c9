import type { DbTarget } from '@waybill/db';
import type { Logger } from '@waybill/logger';
import type { EventBus } from '@waybill/messaging';
import type { JobDriver } from '@waybill/jobs';

/**
 * What every service is started with. main.ts builds it from the environment (real servers); the
 * one-process launcher builds it with PGlite, the in-process bus and the inline job driver.
 */
export interface ServiceRuntime {
  db: DbTarget;
  bus: EventBus;
  jobs: JobDriver;
  logger: Logger;
  internalJwtSecret: string;
  /** DATA_ENCRYPTION_KEY: 32 bytes (base64 or hex) for secrets stored encrypted; services that store some require it. */
  dataEncryptionKey?: string;
  /** PUBLIC_BASE_URL when the operator set it; links in responses then use it instead of the request's host. */
  publicBaseUrl?: string;
  /** Absolute base for URLs made outside a request (tracking pages, document links). */
  defaultPublicUrl: string;
  /**
   * Base URLs of the other services, by name. Read at call time: the one-process launcher fills it in
   * as services start.
   */
  peers: Record<string, string>;
  port: number;
  host?: string;
}

export interface RunningService {
  name: string;
  port: number;
  /** Graceful: stop taking requests, finish in-flight work, flush the outbox, close connections. */
  stop(): Promise<void>;
}
