import { Router, type Express } from 'express';
import type { Logger } from '@waybill/logger';
import { createApp, errorMiddleware, mountHealth, notFoundHandler, requireInternalAuth, type ReadinessCheck } from '@waybill/http';
import type { ManifestDeps } from './manifests/manifest.deps';
import { manifestRoutes } from './manifests/manifest.routes';

export const AUDIENCE = 'manifest';

export interface AppOptions {
  deps: ManifestDeps;
  logger: Logger;
  internalJwtSecret: string;
  readiness: Record<string, ReadinessCheck>;
}

/** Builds the service's express app without listening, so tests can drive it directly. */
export function buildApp(o: AppOptions): Express {
  const app = createApp(o.logger);
  mountHealth(app, o.readiness);
  const company = Router({ mergeParams: true });
  company.use(requireInternalAuth(o.internalJwtSecret, AUDIENCE));
  company.use(manifestRoutes(o.deps));
  app.use('/companies/:company', company);
  app.use(notFoundHandler);
  app.use(errorMiddleware(o.logger));
  return app;
}
