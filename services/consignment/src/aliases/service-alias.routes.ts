import { Router } from 'express';
import { SchemaId, validate } from '@waybill/contracts';
import { allowOnly, InvalidError, principalOf } from '@waybill/http';
import type { ConsignmentDeps } from '../consignments/consignment.deps';
import { realCarriersUnknown } from '../consignments/consignment.input';
import { replaceAliases } from './service-alias.repository';
import { checkAliases, ServiceAliases } from './service-aliases';

/** GET|PUT /service-aliases: the company's map of old service literals to its services (PUT replaces it). */
export function serviceAliasRoutes(deps: ConsignmentDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/service-aliases', ['GET', 'PUT']);

  r.get('/service-aliases', async (_req, res) => {
    res.json((await deps.aliases.of(principalOf(res).company)).toJson());
  });

  r.put('/service-aliases', async (req, res) => {
    const company = principalOf(res).company;
    const checked = validate(SchemaId.ServiceAliases, req.body);
    if (!checked.ok) throw new InvalidError(checked.errors);
    const entries = checkAliases(req.body as Record<string, string>, await deps.companies.get(company), realCarriersUnknown);
    await replaceAliases(deps.db, company, entries);
    deps.aliases.invalidate(company);
    res.json(new ServiceAliases(entries).toJson());
  });

  return r;
}
