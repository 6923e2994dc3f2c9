import { Router, type Express } from 'express';
import { createApp, errorMiddleware, mountHealth, notFoundHandler, requireInternalAuth, type ReadinessCheck } from '@waybill/http';
import type { CarrierLinkDeps } from './deps';
import { accountRoutes } from './accounts/account.routes';
import { carrierServicesRoutes } from './accounts/carrier-services.routes';
import { bookingRoutes } from './bookings/booking.routes';
import { pushTokenRoutes } from './push/push-token.routes';
import { manifestRoutes } from './manifests/manifest.routes';
import { proofOfDeliveryRoutes } from './tracking/proof-of-delivery.routes';
import { declarationRoutes } from './accounts/declarations.routes';
import { labelDrawingRoutes } from './bookings/label-drawing.routes';
import { PushTokens, PUSH_TOKEN_KEY_PURPOSE } from '@waybill/carriers';
import { callRoutes } from './calls/call.routes';
import { collectionRoutes } from './collections/collection.routes';
import { servicePointRoutes } from './service-points/service-point.routes';
import { ratingRoutes } from './rating/rating.routes';

export const AUDIENCE = 'carrier-link';

/** Builds the service's express app without listening, so tests can drive it directly. */
export function buildApp(deps: CarrierLinkDeps, o: { internalJwtSecret: string; readiness: Record<string, ReadinessCheck>; publicBaseUrl?: string }): Express {
  const app = createApp(deps.logger);
  mountHealth(app, o.readiness);
  const company = Router({ mergeParams: true });
  company.use(requireInternalAuth(o.internalJwtSecret, AUDIENCE));
  company.use(accountRoutes(deps));
  company.use(bookingRoutes(deps));
  company.use(carrierServicesRoutes(deps));
  company.use(manifestRoutes(deps));
  company.use(proofOfDeliveryRoutes(deps));
  company.use(labelDrawingRoutes(deps));
  company.use(ratingRoutes(deps));
  company.use(callRoutes(deps, o.publicBaseUrl));
  company.use(collectionRoutes(deps, o.publicBaseUrl));
  company.use(servicePointRoutes(deps));
  app.use('/companies/:company', company);
  const ingest = Router();
  ingest.use(requireInternalAuth(o.internalJwtSecret, AUDIENCE));
  ingest.use(pushTokenRoutes(deps, new PushTokens(deps.box.deriveKey(PUSH_TOKEN_KEY_PURPOSE))));
  app.use('/ingest/v1/carriers', ingest);
  const internal = Router();
  internal.use(requireInternalAuth(o.internalJwtSecret, AUDIENCE));
  internal.use(declarationRoutes(deps));
  app.use('/carrier-declarations', internal);
  app.use(notFoundHandler);
  app.use(errorMiddleware(deps.logger));
  return app;
}
