import type { Express } from 'express';
import { buildServiceApp, requireInternalAuth, type ReadinessCheck } from '@waybill/http';
import type { NotificationsDeps } from './deps';
import { settingsRoutes } from './settings/settings.routes';
import { historyRoutes } from './history/history.routes';
import { unsubscribeRoutes } from './unsubscribe/unsubscribe.routes';

export const AUDIENCE = 'notifications';

/** The RFC 8058 one-click POST is a form, as the standard says; the route reads nothing of it. */
export const FORM_PATHS = /^\/notifications\/unsubscribe\/[^/]+\/?$/;

/**
 * Builds the service's express app without listening. The unsubscribe link is public at the gateway;
 * its internal token only proves the request came through it, and the link's own signature is checked here.
 */
export function buildApp(deps: NotificationsDeps, o: { internalJwtSecret: string; readiness: Record<string, ReadinessCheck> }): Express {
  return buildServiceApp({
    logger: deps.logger, readiness: o.readiness, formPaths: FORM_PATHS,
    mount: (app) => {
      app.use('/notifications/unsubscribe', requireInternalAuth(o.internalJwtSecret, AUDIENCE));
      app.use(unsubscribeRoutes(deps));
    },
    companies: { audience: AUDIENCE, internalJwtSecret: o.internalJwtSecret, routers: [settingsRoutes(deps), historyRoutes(deps)] },
  });
}
