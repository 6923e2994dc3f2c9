import express, { Router } from 'express';
import { absolutePath } from 'swagger-ui-dist';
import { buildOpenApi } from '@waybill/contracts';
import type { CarrierDeclarations } from './carrier-declarations';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Waybill API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script></body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#ui', deepLinking: true, tryItOutEnabled: true });`;

/**
 * `/openapi.json` (built from contracts/) and `/docs`, an interactive reference served from local assets.
 * The carrier accounts' credential keys come from carrier-link (`declarations`); the document is kept once
 * it has them, and built again on the next request while carrier-link has not answered.
 */
export function docsRoutes(publicBaseUrl: string | undefined, declarations: () => Promise<CarrierDeclarations | null>): Router {
  const r = Router();
  let doc: object | undefined;
  r.get('/openapi.json', async (req, res) => {
    if (!doc) {
      const carriers = await declarations();
      const built = buildOpenApi({ serverUrl: publicBaseUrl ?? `${req.protocol}://${req.header('host') ?? 'localhost'}`, carriers: carriers ?? [] });
      if (carriers) doc = built;
      return void res.json(built);
    }
    res.json(doc);
  });
  r.get(['/docs', '/docs/'], (_req, res) => {
    res.type('html').send(PAGE);
  });
  r.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  r.use('/docs/assets', express.static(absolutePath(), { index: false, maxAge: '1d' }));
  return r;
}
