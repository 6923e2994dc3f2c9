import type { Express } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from '@waybill/logger';
import { InternalTokenSigner } from '@waybill/internal-auth';
import { buildServiceApp, ServiceClient, type ReadinessCheck } from '@waybill/http';
import type { DocumentsDb } from './database';
import { DocumentCache } from './documents/documents.cache';
import type { RenderedDocuments } from './documents/documents.render';
import { documentsRoutes } from './documents/documents.routes';
import { senderContactRoutes } from './settings/sender-contact.routes';
import { ConsignmentPeer } from './peers/consignment.peer';
import { CarrierLinkClient } from '@waybill/carrier-link-client';
import type { DocumentsDeps } from './documents/documents.service';

export const AUDIENCE = 'documents';

export interface AppOptions {
  db: Kysely<DocumentsDb>;
  /** carrier-link's client unless given (tests give a stand-in). */
  carrierLink?: DocumentsDeps['carrierLink'];
  logger: Logger;
  internalJwtSecret: string;
  /** Base URLs of the other services, read at call time. */
  peers: Record<string, string>;
  readiness: Record<string, ReadinessCheck>;
  afterCommit: () => void;
  cache?: DocumentCache<RenderedDocuments>;
}

/** Builds the service's express app without listening, so tests can drive it directly. */
export function buildApp(o: AppOptions): Express {
  const peer = new ConsignmentPeer(new ServiceClient(o.peers, new InternalTokenSigner(o.internalJwtSecret)));
  const carrierLink = o.carrierLink ?? new CarrierLinkClient(o.peers, o.internalJwtSecret, 'documents');
  const deps = { db: o.db, peer, carrierLink, cache: o.cache ?? new DocumentCache<RenderedDocuments>(), afterCommit: o.afterCommit };
  return buildServiceApp({
    logger: o.logger, readiness: o.readiness,
    companies: { audience: AUDIENCE, internalJwtSecret: o.internalJwtSecret, routers: [documentsRoutes(deps), senderContactRoutes(o.db)] },
  });
}
