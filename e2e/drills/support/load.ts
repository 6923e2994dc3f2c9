import { sendPush, trackingBody } from '@waybill/testing';
import { domesticConsignment } from '../../support/fixtures';
import type { Stack } from '../../support/stack';

/** What the steady load asked for and what the platform answered: the drills' ledger of promises made. */
export interface CreateRecord { orderNumber: string; phase: string; status: number | 'error' | 'pending'; identifier?: string }
export interface PushRecord { identifier: string; trackingNumber: string; phase: string; at: string }

export interface Ledger {
  creates: CreateRecord[];
  /** Pushes the platform accepted (202 with the tracking number counted as accepted). */
  pushes: PushRecord[];
  /** Pushes refused or failed during a fault (retried later, as a carrier would). */
  pushFailures: number;
  /** Every request that failed on the platform's side (a 5xx or no answer), by phase: what a client saw fail. */
  errors: Array<{ phase: string; request: string; outcome: string }>;
}

/**
 * The replica never answered: it refused the connection (stopped), or closed a kept-alive connection as
 * idle while it drained just as the request went out on it (the request was not read, so it ran nowhere).
 */
const unanswered = (err: unknown) => ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes((err as { cause?: { code?: string } })?.cause?.code ?? '');

/**
 * A client of several gateway replicas: each request starts at the next one and moves on when a replica
 * did not answer (it is restarting), as a load balancer's health-checked pool would. A create retried this
 * way and stored twice would show in the drill's count of order numbers stored more than once.
 */
export function failover(bases: string[]) {
  let turn = 0;
  return async <T>(call: (base: string) => Promise<T>): Promise<T> => {
    const first = turn++;
    for (let i = 0; ; i += 1) {
      try {
        return await call(bases[(first + i) % bases.length]);
      } catch (err) {
        if (!unanswered(err) || i + 1 >= bases.length) throw err;
      }
    }
  };
}

const SERVICE = 'Generic Carrier|Generic Domestic Service GDOM';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Creates, then carrier pushes for what was created, at a steady pace until stopped. Every answer is
 * recorded against the current phase. A create that failed is not retried (its order number is then
 * checked for a partial write); a push that failed is retried later, as carriers do.
 */
export function steadyLoad(stack: Stack, o: { createEveryMs: number; pushEveryMs: number; gateways?: string[]; pushers?: number }) {
  const ledger: Ledger = { creates: [], pushes: [], pushFailures: 0, errors: [] };
  const edge = failover(o.gateways ?? [stack.baseUrl]);
  const failed = (request: string, outcome: string) => ledger.errors.push({ phase, request, outcome });
  let phase = 'warm-up';
  let running = true;
  let n = 0;
  const toPush: Array<{ identifier: string; trackingNumber?: string; lastError?: string }> = [];
  const headers = { authorization: `token ${stack.creds.apiToken}`, 'content-type': 'application/json' };
  const api = `/_api/v1/company/${stack.creds.company}`;

  async function createOne(): Promise<void> {
    const orderNumber = `DRILL-${process.pid}-${++n}`;
    const record: CreateRecord = { orderNumber, phase, status: 'pending' };
    ledger.creates.push(record);
    try {
      const res = await edge((base) => fetch(`${base}${api}/consignments`, {
        method: 'POST', headers, body: JSON.stringify([domesticConsignment({ order_number: orderNumber, service_id: SERVICE })]),
        signal: AbortSignal.timeout(30_000),
      }));
      record.status = res.status;
      if (res.status >= 500) failed('create', String(res.status));
      const body = (await res.json().catch(() => ({}))) as { success?: string[]; errors?: Record<string, unknown> };
      if (res.status === 200 && body.success?.[0]) {
        record.identifier = body.success[0];
        toPush.push({ identifier: body.success[0] });
      } else if (res.status === 200) failed('create', `refused: ${JSON.stringify(body.errors).slice(0, 300)}`);
    } catch (err) {
      record.status = 'error';
      failed('create', String((err as Error).cause ?? err));
    }
  }

  async function trackingNumberOf(identifier: string): Promise<string | undefined> {
    const res = await edge((base) => fetch(`${base}${api}/consignment/${identifier}`, { headers, signal: AbortSignal.timeout(10_000) }));
    if (res.status >= 500) failed('read', String(res.status));
    if (res.status !== 200) return undefined;
    const c = (await res.json()) as { packages?: Array<{ tracking_number?: string }> };
    return c.packages?.[0]?.tracking_number;
  }

  async function pushOne(): Promise<void> {
    const next = toPush.shift();
    if (!next) return;
    try {
      next.trackingNumber ??= await trackingNumberOf(next.identifier);
      if (!next.trackingNumber) throw new Error('not readable yet');
      const at = new Date().toISOString().slice(0, 19);
      const body = trackingBody({ [next.trackingNumber]: [{ status: 'DELIVERED', carrier_code: 'DEL', timestamp: at }] });
      const res = await edge((base) => sendPush(base, 'generic', stack.creds.carrierSecret, body));
      if (res.status >= 500) failed('push', String(res.status));
      // A duplicate means an earlier try was stored although its answer was lost in the fault.
      if (res.status === 202 && res.body.accepted + res.body.duplicates === 1) {
        ledger.pushes.push({ identifier: next.identifier, trackingNumber: next.trackingNumber, phase, at });
        return;
      }
      throw new Error(`push answered ${res.status} ${JSON.stringify(res.body)}`);
    } catch (err) {
      next.lastError = (err as Error).message;
      // Not yet known to tracking (it learns numbers from events), or a fault: try again later.
      if ((err as Error).name === 'TypeError') failed('push', String((err as Error).cause ?? err));
      ledger.pushFailures += 1;
      toPush.push(next);
    }
  }

  const loop = async (every: number, step: () => Promise<void>) => {
    while (running) {
      const started = Date.now();
      await step();
      await sleep(Math.max(0, every - (Date.now() - started)));
    }
  };
  // Several pushers, as a carrier's pushes do not wait for each other: one push (a read and a push) can take
  // longer than the pace on a busy machine.
  const pushers = Array.from({ length: o.pushers ?? 1 }, () => loop(o.pushEveryMs, pushOne));
  const loops = [loop(o.createEveryMs, createOne), ...pushers];

  return {
    ledger,
    setPhase(name: string) {
      phase = name;
    },
    /** Stops both loops (a drill that failed midway must not leave them running). */
    async stop(): Promise<void> {
      running = false;
      await Promise.all(loops);
    },
    /** Stops creating; keeps pushing until every accepted consignment has had its push accepted. */
    async drain(timeoutMs: number): Promise<void> {
      running = false;
      await Promise.all(loops);
      const deadline = Date.now() + timeoutMs;
      const drainOne = async () => {
        while (toPush.length > 0 && Date.now() < deadline) {
          await pushOne();
          if (toPush.length > 0) await sleep(100);
        }
      };
      await Promise.all(Array.from({ length: o.pushers ?? 1 }, drainOne));
      if (toPush.length > 0) {
        const why = toPush.slice(0, 3).map((p) => `${p.identifier}: ${p.lastError}`).join('; ');
        throw new Error(`${toPush.length} accepted consignments could not be pushed within ${timeoutMs} ms (last errors: ${why})`);
      }
    },
  };
}
