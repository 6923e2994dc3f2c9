import { randomBytes } from 'node:crypto';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { BullJobDriver, InlineJobDriver, type JobDriver } from '@waybill/jobs';
import { createLogger } from '@waybill/logger';
import { InProcessEventBus, type EventEnvelope } from '@waybill/messaging';
import { signInternalToken } from '@waybill/internal-auth';
import type { RunningService } from '@waybill/http';
import type { TestDatabase } from '@waybill/testing';
import { startManifestService, type ManifestServiceOptions } from '../service';
import { AUDIENCE } from '../app';
import { sampleConsignments } from '../paperwork/manifest-sample';
import type { ManifestClaim } from '@waybill/contracts';

export const SECRET = 'manifest-test-secret';
export const logger = createLogger('manifest-test');
const redisPrefix = `waybill-test-${randomBytes(4).toString('hex')}`;

/** BullMQ on the real Redis when REDIS_URL is set (CI), the inline driver otherwise. */
export function jobDriver(): JobDriver {
  return process.env.REDIS_URL ? new BullJobDriver({ redisUrl: process.env.REDIS_URL, prefix: redisPrefix, logger }) : new InlineJobDriver({ logger });
}

export async function dropRedisKeys(): Promise<void> {
  if (!process.env.REDIS_URL) return;
  const redis = new Redis(process.env.REDIS_URL);
  const keys = await redis.keys(`${redisPrefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

/** Jobs accepted and never run: what the inline driver's queue amounts to after the process died. */
export const lostJobs: JobDriver = { enqueue: async () => undefined, work: async () => undefined, isHealthy: () => true, stopWorkers: async () => undefined, close: async () => undefined };

/**
 * Stands in for the consignment service's claim endpoint over real HTTP: answers what the test says
 * (by default a claim of sample consignments, the same for a repeated manifest id) and records calls.
 */
export class ClaimPeer {
  calls: Array<{ manifest_id: string; consignment_ids: string[] }> = [];
  answer: 'claim' | 'outage' | 'refuse' = 'claim';
  /** What a claim answers; by default sample consignments of Generic Carrier. */
  claimOf: (id: string, body: { consignment_ids: string[] }) => ManifestClaim = (id, body) => claimOf(id, sampleConsignments(body.consignment_ids.length));
  private claims = new Map<string, ManifestClaim>();
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    const app = express().use(express.json({ limit: '5mb' }));
    app.post('/companies/:company/manifest-claims', (req, res) => {
      this.calls.push(req.body);
      if (this.answer === 'outage') return void res.status(503).json({ detail: 'down' });
      if (this.answer === 'refuse') return void res.status(400).json({ detail: 'consignment_ids: 1 consignment cannot be manifested: x (not found). Nothing was manifested.', errors: { 'consignment_ids.0': ['x: not found.'] } });
      const id = req.body.manifest_id as string;
      if (!this.claims.has(id)) this.claims.set(id, this.claimOf(id, req.body));
      res.json(this.claims.get(id));
    });
    this.server = await new Promise<Server>((resolve) => { const s = app.listen(0, '127.0.0.1', () => resolve(s)); });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      // The manifest service's client keeps connections alive; they would hold close() open.
      this.server.closeAllConnections();
    });
  }
}

function claimOf(id: string, consignments: ManifestClaim['consignments']): ManifestClaim {
  return {
    manifest_id: id, carrier: { identifier: 'generic', name: 'Generic Carrier' },
    warehouse: { identifier: 'acme|London DC', name: 'London DC', timezone: 'Europe/London', address: { company_name: 'Acme Ltd', address1: '1 Dock Road', city: 'London', postcode: 'E14 5AB', country: 'GB' } },
    consignments,
  };
}

type ManifestAnswer = { status: number; body: Record<string, unknown> };

/**
 * Stands in for carrier-link, the one carrier port, over HTTP: its `carrier-manifests` answers as a
 * carrier reached through it answers (a reference derived from the manifest id, so a repeated submission
 * answers the same), unless `answer` is replaced. `submitted` lists what it was asked.
 */
export class CarrierLinkStandIn {
  private server?: Server;
  url = '';
  readonly submitted: Array<{ company: string; carrier: string; manifestId: string }> = [];
  answer: (company: string, carrier: string, manifestId: string) => Promise<ManifestAnswer> = async (company, carrier, manifestId) => ({
    status: 201, body: { manifested: true, reference: referenceOf(company, carrier, manifestId), scope: 'listed', document: null },
  });

  async start(): Promise<void> {
    const app = express();
    app.use(express.json());
    app.post('/companies/:company/carrier-manifests', async (req, res) => {
      const { carrier, request } = req.body as { carrier: string; request: { manifestId: string } };
      this.submitted.push({ company: String(req.params.company), carrier, manifestId: request.manifestId });
      const a = await this.answer(String(req.params.company), carrier, request.manifestId);
      res.status(a.status).json(a.body);
    });
    await new Promise<void>((resolve) => {
      this.server = app.listen(0, '127.0.0.1', () => resolve());
    });
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.close(() => resolve());
      this.server?.closeAllConnections();
    });
  }
}

/** `GENM` and 12 digits from the manifest id, the shape of a Generic Carrier manifest reference. */
export function referenceOf(company: string, carrier: string, manifestId: string): string {
  const digest = createHash('sha256').update(`${carrier}\u0000${company}\u0000${manifestId}`).digest('hex');
  return `${carrier.slice(0, 3).toUpperCase()}M${BigInt(`0x${digest.slice(0, 15)}`).toString().padStart(18, '0').slice(0, 12)}`;
}

export interface Running {
  svc: RunningService;
  call(method: string, path: string, body?: unknown, company?: string): Promise<{ status: number; body: any }>;
  /** Events of this type the service has published so far (through its outbox relay). */
  published(type: string): EventEnvelope[];
}

export async function startService(
  tdb: TestDatabase, peer: ClaimPeer, jobs: JobDriver, opts: ManifestServiceOptions = {}, peers: Record<string, string> = {},
): Promise<Running> {
  const bus = new InProcessEventBus({ logger });
  const published: EventEnvelope[] = [];
  await bus.subscribe({ queue: 'test.manifest-events', bindings: ['manifest.#'], handler: async (e) => { published.push(e); } });
  const svc = await startManifestService({
    db: tdb.target, bus, jobs, logger, internalJwtSecret: SECRET,
    peers: { consignment: peer.url, ...peers }, defaultPublicUrl: 'http://localhost:8080', port: 0, host: '127.0.0.1',
  }, opts);
  return {
    svc,
    published: (type) => published.filter((e) => e.type === type),
    async call(method, path, body, company = 'acme') {
      const token = signInternalToken(SECRET, AUDIENCE, { company, principal: 'token:1' });
      const res = await fetch(`http://127.0.0.1:${svc.port}/companies/${company}${path}`, {
        method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
  };
}
