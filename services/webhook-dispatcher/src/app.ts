import type { Express } from 'express';
import type { Logger } from '@waybill/logger';
import { buildServiceApp, type ReadinessCheck } from '@waybill/http';
import type { DispatcherDeps } from './deps';
import { webhookRoutes } from './webhooks.routes';
import { webhookDashboardRoutes } from './dashboard/dashboard.routes';

export const AUDIENCE = 'webhook-dispatcher';

export interface AppOptions {
  deps: DispatcherDeps;
  logger: Logger;
  internalJwtSecret: string;
  publicBaseUrl?: string;
  readiness: Record<string, ReadinessCheck>;
}

/** Builds the service's express app without listening, so tests can drive it directly. */
export function buildApp(o: AppOptions): Express {
  return buildServiceApp({
    logger: o.logger, readiness: o.readiness,
    companies: { audience: AUDIENCE, internalJwtSecret: o.internalJwtSecret, routers: [webhookRoutes(o.deps, o.publicBaseUrl), webhookDashboardRoutes(o.deps)] },
  });
}
