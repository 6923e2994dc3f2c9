import { Router } from 'express';

export interface Release {
  version: string;
  commit: string;
}

/** `GET /version`: the release this Waybill runs and the commit it was built from; no credentials. */
export function versionRoutes(release: Release): Router {
  const r = Router();
  r.get('/version', (_req, res) => {
    res.set('Cache-Control', 'no-store').json(release);
  });
  return r;
}
