import type { Express } from 'express';
import type { Logger } from '@waybill/logger';
import { buildServiceApp, type ReadinessCheck } from '@waybill/http';
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
  return buildServiceApp({
    logger: o.logger, readiness: o.readiness,
    companies: { audience: AUDIENCE, internalJwtSecret: o.internalJwtSecret, routers: [manifestRoutes(o.deps)] },
  });
}
