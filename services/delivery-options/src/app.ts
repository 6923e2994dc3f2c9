import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import type { Logger } from '@waybill/logger';
import { buildServiceApp, hotLanesOn, type ReadinessCheck } from '@waybill/http';
import type { QuoteDeps } from './quote/quote.deps';
import type { RulesDeps } from './rules/rule.service';
import { deliveryOptionsRoutes } from './quote/delivery-options.routes';
import { checkoutLane } from './quote/checkout-lane';
import { allocationRoutes } from './allocation/allocation.routes';
import { previewRoutes } from './preview/preview.routes';
import { ruleRoutes } from './rules/rule.routes';
import { rateSheetRoutes } from './rate-sheets/rate-sheet.routes';
import { ratesRoutes } from './rates/rates.routes';

export const AUDIENCE = 'delivery-options';

export interface AppOptions {
  quote: QuoteDeps;
  rules: RulesDeps;
  logger: Logger;
  internalJwtSecret: string;
  readiness: Record<string, ReadinessCheck>;
}

/** Builds the service's express app without listening, so tests can drive it directly. */
export function buildApp(o: AppOptions): Express {
  return buildServiceApp({
    logger: o.logger, readiness: o.readiness,
    companies: { audience: AUDIENCE, internalJwtSecret: o.internalJwtSecret, routers: [deliveryOptionsRoutes(o.quote), allocationRoutes(o.quote), previewRoutes(o.quote, o.rules), ruleRoutes(o.rules), rateSheetRoutes(o.rules), ratesRoutes(o.quote)] },
  });
}

/**
 * What the service listens with: the checkout's fast lane in front of the express app (see checkoutLane);
 * with HOT_LANES=off (see `hotLanesOn`), the express app alone.
 */
export function buildHandler(o: AppOptions): RequestListener {
  const app = buildApp(o);
  if (!hotLanesOn()) return app;
  const lane = { quote: o.quote, logger: o.logger, internalJwtSecret: o.internalJwtSecret, audience: AUDIENCE };
  return checkoutLane(lane, app);
}
