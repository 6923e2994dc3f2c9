import type { Express } from 'express';
import { buildServiceApp, requireInternalAuth, type ReadinessCheck } from '@waybill/http';
import type { TrackingDeps } from './deps';
import { ingestRoutes } from './ingest/ingest.routes';
import { podRoutes } from './pod/pod.routes';
import { trackingEventRoutes } from './ingest/tracking-event.routes';
import { pageRoutes } from './page/page.routes';
import { brandingRoutes } from './branding/branding.routes';

export const AUDIENCE = 'tracking-ingest';

/**
 * Builds the service's express app without listening. A push is authenticated by the carrier's signature
 * and a document link by its own, both checked here; the internal token only proves the request came
 * through the gateway. A consignment's tracking events are read under its company, as everywhere else.
 */
export function buildApp(deps: TrackingDeps, o: { internalJwtSecret: string; readiness: Record<string, ReadinessCheck> }): Express {
  // No JSON parser: the push signature is computed over the raw bytes.
  return buildServiceApp({
    logger: deps.logger, readiness: o.readiness, json: false,
    mount: (app) => {
      app.use(requireInternalAuth(o.internalJwtSecret, AUDIENCE));
      app.use(ingestRoutes(deps));
      app.use(podRoutes(deps));
      app.use(trackingEventRoutes(deps, o.internalJwtSecret, AUDIENCE));
      app.use(pageRoutes(deps));
      app.use(brandingRoutes(deps));
    },
  });
}
