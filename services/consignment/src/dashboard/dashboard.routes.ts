import { Router } from 'express';
import type { Kysely } from 'kysely';
import { allowOnly, principalOf } from '@waybill/http';
import type { ConsignmentDb } from '../database';
import { consignmentDashboard, periodOf } from './dashboard.service';
import { exceptionQueue } from './exceptions.service';

/** The console's dashboard and exceptions queue, read from the dashboard's read model only. */
export function dashboardRoutes(db: Kysely<ConsignmentDb>, now: () => Date): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/dashboard/consignments', ['GET']);
  allowOnly(r, '/dashboard/exceptions', ['GET']);
  r.get('/dashboard/consignments', async (req, res) => {
    res.json(await consignmentDashboard(db, principalOf(res).company, periodOf(req.query.days), now()));
  });
  r.get('/dashboard/exceptions', async (req, res) => {
    res.json(await exceptionQueue(db, principalOf(res).company, req.query.limit));
  });
  return r;
}
