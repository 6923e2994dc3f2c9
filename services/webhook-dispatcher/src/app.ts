import { Router, type Express } from 'express';
import type { Logger } from '@waybill/logger';
import { createApp, errorMiddleware, mountHealth, notFoundHandler, requireInternalAuth, type ReadinessCheck } from '@waybill/http';
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
  const app = createApp(o.logger);
  mountHealth(app, o.readiness);
  const company = Router({ mergeParams: true });
  company.use(requireInternalAuth(o.internalJwtSecret, AUDIENCE));
  company.use(webhookRoutes(o.deps, o.publicBaseUrl));
  company.use(webhookDashboardRoutes(o.deps));
  app.use('/companies/:company', company);
  app.use(notFoundHandler);
  app.use(errorMiddleware(o.logger));
  return app;
}
