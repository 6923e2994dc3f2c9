import type { RequestListener } from 'node:http';
import { Router, type Express, type RequestHandler } from 'express';
import type { Logger } from '@waybill/logger';
import { createApp } from './app';
import { errorMiddleware, notFoundHandler } from './error-middleware';
import { mountHealth, type ReadinessCheck } from './health';
import { requireInternalAuth } from './internal-auth';
import type { RunningService, ServiceRuntime } from './runtime';
import { closeServer, listen } from './server';

export interface ServiceAppOptions {
  logger: Logger;
  readiness: Record<string, ReadinessCheck>;
  /** JSON bodies parsed by express (default); false where routes read the raw bytes. */
  json?: boolean;
  /** Paths whose writes may carry a form instead of JSON (OAuth token endpoints); the route reads it itself. */
  formPaths?: RegExp;
  /** The internal API: routers under `/companies/:company`, behind an internal token for `audience`. */
  companies?: { audience: string; internalJwtSecret: string; routers: RequestHandler[] };
  /** Headers every response carries (the gateway's `Waybill-Version`), set before any route answers. */
  headers?: Record<string, string>;
  /** Routes of its own outside that prefix, mounted after the health routes. */
  mount?: (app: Express) => void;
}

/**
 * Every service's express app: request ids, spans, metrics and body limits (`createApp`), `/healthz`
 * and `/readyz`, its routes, then the JSON 404 and the one error middleware. A service states only its
 * routes and readiness checks.
 */
export function buildServiceApp(o: ServiceAppOptions): Express {
  const app = createApp(o.logger, { json: o.json, formPaths: o.formPaths });
  const headers = Object.entries(o.headers ?? {});
  if (headers.length > 0) {
    app.use((_req, res, next) => {
      for (const [name, value] of headers) res.setHeader(name, value);
      next();
    });
  }
  mountHealth(app, o.readiness);
  o.mount?.(app);
  if (o.companies) {
    const company = Router({ mergeParams: true });
    company.use(requireInternalAuth(o.companies.internalJwtSecret, o.companies.audience));
    for (const r of o.companies.routers) company.use(r);
    app.use('/companies/:company', company);
  }
  app.use(notFoundHandler);
  app.use(errorMiddleware(o.logger));
  return app;
}

export interface ServeOptions {
  name: string;
  rt: ServiceRuntime;
  logger: Logger;
  /** The express app, or what fronts it (a hot lane). */
  handler: RequestListener;
  /** Called first when stopping, before the server closes (refuse work that would outlive the drain). */
  onDrain?: () => void;
  /**
   * After the server has stopped accepting connections and its in-flight requests are answered, in this
   * order: typically consumers cancelled (messages in hand finish and ack), sweepers and workers stopped,
   * the outbox relay's batch in flight finished, then the service's pools closed.
   */
  stopping: Array<() => Promise<unknown>>;
}

/** Listens on the runtime's port and host; `stop` drains HTTP, then runs `stopping` in order. */
export async function serveService(o: ServeOptions): Promise<RunningService> {
  const { server, port } = await listen(o.handler, o.rt.port, o.rt.host);
  o.logger.info({ port }, `${o.name} listening`);
  return {
    name: o.name,
    port,
    stop: async () => {
      o.onDrain?.();
      await closeServer(server);
      for (const step of o.stopping) await step();
    },
  };
}
