import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '@waybill/logger';
import { HttpError } from './errors';

/** Unknown routes answer like every other error, with `{"detail"}`. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: 'Not found.' });
};

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
  /** entity.too.large: the parser's limit in bytes (5 MiB for the API, less for the console's sign-in). */
  limit?: number;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(2)} MiB` : `${+(bytes / 1024).toFixed(2)} KiB`;
}

/** Postgres refusing a connection (too many clients, starting up or shutting down, out of memory for one). */
const DATABASE_UNAVAILABLE = new Set(['53300', '57P03', '53400']);

/**
 * The single place errors become HTTP. Client mistakes keep their 4xx; anything unexpected is a 500
 * carrying the request id, logged with its stack and never shown to the client.
 */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const requestId = String(res.locals.requestId ?? '');
    if (res.headersSent) {
      logger.error({ err, request_id: requestId }, 'error after response started');
      res.end();
      return;
    }
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
      res.status(err.status).json({ detail: err.detail, ...err.extra });
      return;
    }
    const bp = err as BodyParserError;
    if (bp.type === 'entity.parse.failed') {
      res.status(400).json({ detail: `JSON parse error - ${bp.message}` });
      return;
    }
    if (bp.type === 'entity.too.large') {
      res.status(413).json({ detail: `Request body is too large (limit ${sizeText(bp.limit ?? 5 * 1024 * 1024)}).` });
      return;
    }
    // The router's refusal of a path parameter that is not valid percent-encoding (`/carriers/%/…`).
    if (err instanceof URIError && bp.status === 400) {
      res.status(400).json({ detail: bp.message });
      return;
    }
    if (bp.expose && typeof bp.status === 'number' && bp.status >= 400 && bp.status < 500) {
      res.status(bp.status).json({ detail: bp.message });
      return;
    }
    // The database had no room for another connection, or was restarting: the same request will do later.
    if (DATABASE_UNAVAILABLE.has(String((err as { code?: unknown }).code))) {
      logger.warn({ err, request_id: requestId, method: req.method, url: req.originalUrl }, 'database unavailable');
      res.setHeader('Retry-After', '2');
      res.status(503).json({ detail: 'The database is busy; try again shortly.', request_id: requestId });
      return;
    }
    logger.error({ err, request_id: requestId, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(500).json({ detail: 'Internal server error.', request_id: requestId });
  };
}
