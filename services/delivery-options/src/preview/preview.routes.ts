import { Router } from 'express';
import { allowOnly, principalOf } from '@waybill/http';
import type { QuoteDeps } from '../quote/quote.deps';
import type { RulesDeps } from '../rules/rule.service';
import { getSettings } from '../settings/settings.service';
import { previewRules } from './preview.service';

/** The rules editor's live preview, with the management API's credentials; mounted before `/delivery-rules/:id`. */
export function previewRoutes(quote: QuoteDeps, rules: RulesDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/delivery-rules/preview', ['POST']);
  r.post('/delivery-rules/preview', async (req, res) => {
    const company = principalOf(res).company;
    res.json(await previewRules(quote, company, () => getSettings(rules, company), req.body));
  });
  return r;
}
