import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { Router } from 'express';
import { HttpError } from '@waybill/http';

/**
 * The built front end, found at run time (the gateway imports no other service): CONSOLE_DIR when set,
 * else `console/` beside dist/ in the gateway's deploy unit, else services/console/dist in the workspace.
 */
export const DEFAULT_CONSOLE_DIR = [process.env.CONSOLE_DIR, resolve(__dirname, '../../console'), resolve(__dirname, '../../../console/dist')]
  .find((dir): dir is string => dir !== undefined && existsSync(join(dir, 'index.html'))) ?? resolve(__dirname, '../../../console/dist');

/** Only this origin's scripts, and labels previewed from blob: URLs the page itself makes. */
const CSP = "default-src 'self'; img-src 'self' data: blob:; frame-src 'self' blob:; object-src 'self' blob:; style-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export function consoleAssets(dir: string): Router {
  const r = Router();
  r.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  r.use((req, _res, next) => {
    if (!existsSync(join(dir, 'index.html'))) {
      return next(new HttpError(503, 'The console has not been built: run `pnpm --filter @waybill/console build` (make run does it).'));
    }
    next();
  });
  r.use(express.static(dir, { index: 'index.html', fallthrough: true, redirect: false }));
  return r;
}
