import type { RequestHandler } from 'express';
import { NULL_CHARACTERS_MESSAGE } from '@waybill/contracts';
import { InvalidError, NotFoundError } from './errors';

/**
 * `%00` in a URL. Postgres cannot hold U+0000, so no resource has one in its id (404) and no filter
 * can take one (400 on the parameter), instead of the query failing at the database with a 500.
 */
export const refuseNullInUrl: RequestHandler = (req, _res, next) => {
  if (!req.url.includes('%00')) return next();
  const q = req.url.indexOf('?');
  if ((q === -1 ? req.url : req.url.slice(0, q)).includes('%00')) return next(new NotFoundError());
  for (const [key, value] of new URLSearchParams(req.url.slice(q + 1))) {
    if (key.includes('\u0000') || value.includes('\u0000')) return next(InvalidError.field(key, NULL_CHARACTERS_MESSAGE));
  }
  next();
};
