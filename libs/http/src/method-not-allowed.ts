import type { Router } from 'express';
import { HttpError } from './errors';

/** Declares the methods a path supports; any other method answers 405 with an Allow header. */
export function allowOnly(router: Router, path: string, methods: string[]): void {
  const allow = methods.join(', ');
  router.all(path, (req, _res, next) => {
    if (methods.includes(req.method) || (req.method === 'HEAD' && methods.includes('GET'))) return next();
    next(new HttpError(405, `Method "${req.method}" not allowed.`, {}, { Allow: allow }));
  });
}
