import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from '@waybill/logger';
import { InternalTokenSigner } from '@waybill/internal-auth';
import { buildServiceApp, hotLanesOn, releaseOf, type ReadinessCheck } from '@waybill/http';
import type { GatewayDb } from './credentials/credentials.table';
import { Authenticator } from './auth/authenticator';
import type { RateLimiter } from './ratelimit/rate-limiter';
import { COMPANY_PREFIXES, companyRoutes, proxyTargets, type EdgeDeps } from './routes/public.routes';
import { fastLane } from './routes/fast-lane';
import { docsRoutes } from './docs/docs.routes';
import { carrierDeclarations } from './docs/carrier-declarations';
import { versionRoutes } from './routes/version.routes';
import { VERSIONS } from './versions';
import { DELIVERY_OPTIONS_PREFIX, deliveryOptionsRoutes } from './routes/delivery-options.routes';
import { ingestRoutes } from './routes/ingest.routes';
import { carrierPushRoutes } from './routes/carrier-push.routes';
import { CARRIER_TOKEN_PATHS, carrierTokenRoutes } from './routes/carrier-token.routes';
import { trackingPageRoutes } from './routes/tracking-page.routes';
import { UNSUBSCRIBE_PATHS, unsubscribeRoutes } from './routes/unsubscribe.routes';
import { RETURNS_PAGE_FORM_PATHS, returnsPageRoutes } from './routes/returns-page.routes';
import { consoleRoutes } from './web-console/console.routes';
import { SessionStore } from './web-console/session.store';
import { DEFAULT_CONSOLE_DIR } from './web-console/console.assets';

export interface GatewayAppOptions {
  db: Kysely<GatewayDb>;
  logger: Logger;
  limiter: RateLimiter;
  internalJwtSecret: string;
  /** audience → base URL of each service this gateway routes to (or a comma-separated list of its replicas). */
  services: Record<string, string>;
  publicBaseUrl?: string;
  /** Built console front end; defaults to services/console/dist. */
  consoleDir?: string;
  readiness: Record<string, ReadinessCheck>;
  /** The console sessions' clock (tests move it to see sessions expire). */
  sessionClock?: () => number;
  /** Record audited changes (docs/operations.md#audit-log); on unless false (the benchmark's baseline turns it off). */
  auditLog?: boolean;
}

/** The public edge as express serves it: every route and every rule. */
export function buildGatewayApp(o: GatewayAppOptions): Express {
  return buildGateway(o).app;
}

/** Writes that may carry a form: OAuth token requests, the one-click unsubscribe POST (RFC 8058), the returns page. */
const FORM_PATHS = new RegExp(`${CARRIER_TOKEN_PATHS.source}|${UNSUBSCRIBE_PATHS.source}|${RETURNS_PAGE_FORM_PATHS.source}`);

/**
 * The public edge: authenticates once, checks the tenant, and forwards with an internal token.
 * `handler` is what the server runs: the fast lane for the everyday API calls, express for the rest;
 * with HOT_LANES=off (see `hotLanesOn`), express for everything.
 */
export function buildGateway(o: GatewayAppOptions): { app: Express; handler: RequestListener } {
  const deps: EdgeDeps = {
    authenticator: new Authenticator(o.db), limiter: o.limiter, signer: new InternalTokenSigner(o.internalJwtSecret), targets: proxyTargets(o.services),
    audit: o.auditLog === false ? undefined : { db: o.db, logger: o.logger, publicBaseUrl: o.publicBaseUrl },
  };
  const release = releaseOf(VERSIONS.packageDir);
  const versionHeader = { 'Waybill-Version': release.version };
  // Request metrics, server spans and the public /metrics come from createApp, as in every service.
  const app = buildServiceApp({ logger: o.logger, readiness: o.readiness, json: false, formPaths: FORM_PATHS, headers: versionHeader, mount: (edge) => {
    edge.locals.logger = o.logger;
    edge.use(docsRoutes(o.publicBaseUrl, carrierDeclarations(o.services, deps.signer)));
    edge.use(versionRoutes(release));
    edge.use(carrierPushRoutes(deps));
    edge.use(ingestRoutes(deps));
    edge.use(carrierTokenRoutes(deps));
    edge.use(trackingPageRoutes(deps));
    edge.use(unsubscribeRoutes(deps));
    edge.use(returnsPageRoutes(deps));
    // Relative asset URLs need the trailing slash; express's loose matching would also catch `/console/`.
    edge.get('/console', (req, res, next) => (req.path === '/console' && !req.originalUrl.startsWith('/console/') ? res.redirect(301, '/console/') : next()));
    edge.use('/console', consoleRoutes(deps, new SessionStore(o.db, o.sessionClock), o.consoleDir ?? DEFAULT_CONSOLE_DIR, o.publicBaseUrl));
    for (const prefix of COMPANY_PREFIXES) edge.use(prefix, companyRoutes(deps));
    edge.use(DELIVERY_OPTIONS_PREFIX, deliveryOptionsRoutes(deps));
  } });
  if (!hotLanesOn()) return { app, handler: app };
  // The fast lane answers some requests without express: it stamps the release on them the same way.
  const lane = fastLane(deps, app, o.logger);
  return {
    app,
    handler: (req, res) => {
      res.setHeader('Waybill-Version', release.version);
      lane(req, res);
    },
  };
}
