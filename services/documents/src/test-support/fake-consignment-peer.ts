import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyInternalToken } from '@waybill/internal-auth';
import type { ConsignmentView } from '../documents/consignment.view';
import type { WarehouseView } from '../documents/sender';

/**
 * The consignment service's internal API as the documents service uses it, answering from fixtures:
 * GET consignment, GET warehouses, POST .../allocate with the contract of docs/api/allocation.md (200 with the
 * allocated consignment; 409 with `detail` and `rejection_reason` when nothing accepts it), and POST
 * .../printed (an Allocated consignment becomes Printed; `printedStatus` makes it answer otherwise).
 */
export class FakeConsignmentPeer {
  readonly consignments = new Map<string, ConsignmentView>();
  /** What allocating each Unallocated consignment gives: the allocated consignment, or the refusal reason. */
  readonly allocations = new Map<string, ConsignmentView | string>();
  readonly calls: string[] = [];
  warehouses: WarehouseView[] = [];
  /** What POST .../printed answers (200: the move is made). */
  printedStatus = 200;
  private server?: Server;

  constructor(private readonly secret: string) {}

  async start(): Promise<string> {
    const app = express();
    app.use(express.json());
    app.use('/companies/:company', (req, res, next) => {
      try {
        const p = verifyInternalToken(this.secret, 'consignment', (req.header('authorization') ?? '').slice(7));
        if (p.company !== req.params.company) return void res.status(403).json({ detail: 'forbidden' });
        this.calls.push(`${req.method} ${req.path} ${p.principal}`);
        next();
      } catch {
        res.status(401).json({ detail: 'Missing or invalid internal token.' });
      }
    });
    app.get('/companies/:company/consignment/:id', (req, res) => {
      const c = this.consignments.get(req.params.id);
      if (!c) return void res.status(404).json({ detail: 'Not found.' });
      res.json(c);
    });
    app.post('/companies/:company/consignment/:id/allocate', (req, res) => {
      const outcome = this.allocations.get(req.params.id);
      if (outcome === undefined) return void res.status(404).json({ detail: 'Not found.' });
      if (typeof outcome === 'string') return void res.status(409).json({ detail: outcome, rejection_reason: outcome });
      this.consignments.set(req.params.id, outcome);
      res.json(outcome);
    });
    app.post('/companies/:company/consignment/:id/printed', (req, res) => {
      const c = this.consignments.get(req.params.id);
      if (this.printedStatus !== 200) return void res.status(this.printedStatus).json({ detail: 'unavailable' });
      if (!c) return void res.status(404).json({ detail: 'Not found.' });
      if (c.current_status.status === 'Allocated') c.current_status = { ...c.current_status, status: 'Printed', short_form: 'printed' };
      res.json(c);
    });
    app.get('/companies/:company/warehouses', (_req, res) => {
      res.json(this.warehouses);
    });
    await new Promise<void>((resolve) => {
      this.server = app.listen(0, '127.0.0.1', () => resolve());
    });
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
