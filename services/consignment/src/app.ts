import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from '@waybill/logger';
import { buildServiceApp, hotLane, hotLanesOn, type ReadinessCheck } from '@waybill/http';
import type { ConsignmentDb } from './database';
import { CompanyDirectory, type CarrierSource } from './companies/company.context';
import { senderContactsClient } from './companies/sender-contact.client';
import { consignmentRoutes } from './consignments/consignment.routes';
import { lookupRoutes } from './lookups/lookups.routes';
import { allocateRoutes } from './consignments/consignment.allocate.routes';
import { allocationRulesClient, type AllocationRules } from './consignments/consignment.auto-allocation';
import { manifestClaimRoutes } from './manifests/manifest-claim.routes';
import { consignmentHotRoutes } from './consignments/consignment.hot-routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { ServiceAliasDirectory } from './aliases/service-alias.directory';
import { serviceAliasRoutes } from './aliases/service-alias.routes';
import { returnRoutes } from './returns/return.routes';
import { returnsPolicyRoutes } from './returns/returns-policy.routes';
import { retentionRoutes } from './retention/retention.routes';

export const AUDIENCE = 'consignment';

export interface AppOptions {
  db: Kysely<ConsignmentDb>;
  logger: Logger;
  internalJwtSecret: string;
  publicBaseUrl?: string;
  readiness: Record<string, ReadinessCheck>;
  afterCommit: () => void;
  companies?: CompanyDirectory;
  /** Base URLs of the other services (allocation by rules asks delivery-options); read at call time. */
  peers?: Record<string, string>;
  rules?: AllocationRules;
  /** The company's carriers, through carrier-link (`LinkedCarriers`); none when absent. */
  carriers?: CarrierSource;
}

/** Builds the service's express app without listening, so tests can drive it directly. */
export function buildApp(o: AppOptions): { app: Express; companies: CompanyDirectory } {
  const { app, companies } = buildService(o);
  return { app, companies };
}

/**
 * The app, and what the service listens with: the fast lane for reading one consignment and for
 * creating (see consignment.hot-routes.ts) in front of the express app, sharing its use cases; with
 * HOT_LANES=off (see `hotLanesOn`), the express app alone.
 */
export function buildService(o: AppOptions): { app: Express; companies: CompanyDirectory; handler: RequestListener } {
  const companies = o.companies ?? new CompanyDirectory(o.db, o.carriers ?? null, senderContactsClient(o.peers ?? {}, o.internalJwtSecret));
  const rules = o.rules ?? allocationRulesClient(o.peers ?? {}, o.internalJwtSecret);
  const aliases = new ServiceAliasDirectory(o.db);
  const deps = { db: o.db, companies, logger: o.logger, afterCommit: o.afterCommit, now: () => new Date(), rules, aliases };
  const app = buildServiceApp({
    logger: o.logger, readiness: o.readiness,
    companies: {
      audience: AUDIENCE, internalJwtSecret: o.internalJwtSecret,
      routers: [lookupRoutes(companies), allocateRoutes(deps), consignmentRoutes(deps, o.publicBaseUrl), serviceAliasRoutes(deps), returnRoutes(deps), returnsPolicyRoutes(deps), retentionRoutes(deps), manifestClaimRoutes(deps), dashboardRoutes(o.db, deps.now)],
    },
  });
  const lane = { routes: consignmentHotRoutes(deps), logger: o.logger, internalJwtSecret: o.internalJwtSecret, audience: AUDIENCE };
  return { app, companies, handler: hotLanesOn() ? hotLane(lane, app) : app };
}
