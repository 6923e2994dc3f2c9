import express, { type Request, type RequestHandler } from 'express';

/**
 * Media types whose body is JSON: `application/json` with any parameters (`; charset=utf-8`,
 * `;charset=UTF-8`), and `text/json`, which older .NET and PHP clients send (docs/api/consignments.md).
 */
export const JSON_MEDIA_TYPES = ['application/json', 'text/json'];

export function isJsonRequest(req: Request): boolean {
  return Boolean(req.is(JSON_MEDIA_TYPES));
}

/** The declared charset, lowercased, or undefined when none is given. */
function charsetOf(req: Request): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(req.headers['content-type'] ?? '');
  return m?.[1].toLowerCase();
}

/** express.json reads only UTF-8 (and UTF-16/32); JSON declared in another charset is decoded as text. */
function isUnicode(req: Request): boolean {
  const charset = charsetOf(req);
  return charset === undefined || charset.startsWith('utf-');
}

// What express.json gives the error middleware for a body that is not JSON (a 400 naming the parse error).
function parseError(err: unknown): Error {
  const e = err instanceof Error ? err : new Error(String(err));
  return Object.assign(e, { type: 'entity.parse.failed', status: 400, expose: true });
}

const parseText: RequestHandler = (req, _res, next) => {
  if (typeof req.body !== 'string' || !isJsonRequest(req)) return next();
  try {
    req.body = JSON.parse(req.body.replace(/^\ufeff/, ''));
    next();
  } catch (err) {
    next(parseError(err));
  }
};

/** Body parsers for JSON in every form a client sends it, within `limit` bytes. */
export function jsonBodies(limit: number): RequestHandler[] {
  return [
    express.json({ limit, strict: false, type: (req) => isJsonRequest(req as Request) && isUnicode(req as Request) }),
    // Any charset iconv knows (ISO-8859-1, Windows-1252, ...); an unknown one is a 415 naming it.
    express.text({ limit, type: (req) => isJsonRequest(req as Request) && !isUnicode(req as Request) }),
    parseText,
  ];
}
