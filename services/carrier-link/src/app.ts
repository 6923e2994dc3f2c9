import { Router, type Express } from 'express';
import { createApp, errorMiddleware, mountHealth, notFoundHandler, requireInternalAuth, type ReadinessCheck } from '@waybill/http';
import type { CarrierLinkDeps } from './deps';
import { accountRoutes } from './accounts/account.routes';
import { bookingRoutes } from './bookings/booking.routes';

export const AUDIENCE = 'carrier-link';

/** Builds the service's express app without listening, so tests can drive it directly. */
export function buildApp(deps: CarrierLinkDeps, o: { internalJwtSecret: string; readiness: Record<string, ReadinessCheck> }): Express {
  const app = createApp(deps.logger);
  mountHealth(app, o.readiness);
  const company = Router({ mergeParams: true });
  company.use(requireInternalAuth(o.internalJwtSecret, AUDIENCE));
  company.use(accountRoutes(deps));
  company.use(bookingRoutes(deps));
  app.use('/companies/:company', company);
  app.use(notFoundHandler);
  app.use(errorMiddleware(deps.logger));
  return app;
}
