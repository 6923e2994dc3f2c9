import type { Express } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from '@waybill/logger';
import { InternalTokenSigner } from '@waybill/internal-auth';
import { createApp, errorMiddleware, mountHealth, notFoundHandler, type ReadinessCheck } from '@waybill/http';
import type { GatewayDb } from './credentials/credentials.table';
import { Authenticator } from './auth/authenticator';
import type { RateLimiter } from './ratelimit/rate-limiter';
import { COMPANY_PREFIXES, companyRoutes, type EdgeDeps } from './routes/public.routes';
import { docsRoutes } from './docs/docs.routes';
import { DELIVERY_OPTIONS_PREFIX, deliveryOptionsRoutes } from './routes/delivery-options.routes';
import { createMetrics } from './metrics';

export interface GatewayAppOptions {
  db: Kysely<GatewayDb>;
  logger: Logger;
  limiter: RateLimiter;
  internalJwtSecret: string;
  /** audience → base URL of each service this gateway routes to. */
  services: Record<string, string>;
  publicBaseUrl?: string;
  readiness: Record<string, ReadinessCheck>;
}

/** The public edge: authenticates once, checks the tenant, and forwards with an internal token. */
export function buildGatewayApp(o: GatewayAppOptions): Express {
  const app = createApp(o.logger, { json: false });
  app.locals.logger = o.logger;
  const metrics = createMetrics();
  app.use(metrics.middleware);
  mountHealth(app, o.readiness);
  app.use(metrics.routes);
  app.use(docsRoutes(o.publicBaseUrl));
  const deps: EdgeDeps = {
    authenticator: new Authenticator(o.db), limiter: o.limiter, signer: new InternalTokenSigner(o.internalJwtSecret), services: o.services,
  };
  for (const prefix of COMPANY_PREFIXES) app.use(prefix, companyRoutes(deps));
  app.use(DELIVERY_OPTIONS_PREFIX, deliveryOptionsRoutes(deps));
  app.use(notFoundHandler);
  app.use(errorMiddleware(o.logger));
  return app;
}
