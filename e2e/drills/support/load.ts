import { sendPush, trackingBody } from '../../../bench/lib/tracking-push';
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
}

const SERVICE = 'Generic Carrier|Generic Domestic Service GDOM';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Creates, then carrier pushes for what was created, at a steady pace until stopped. Every answer is
 * recorded against the current phase. A create that failed is not retried (its order number is then
 * checked for a partial write); a push that failed is retried later, as carriers do.
 */
export function steadyLoad(stack: Stack, o: { createEveryMs: number; pushEveryMs: number }) {
  const ledger: Ledger = { creates: [], pushes: [], pushFailures: 0 };
  let phase = 'warm-up';
  let running = true;
  let n = 0;
  const toPush: Array<{ identifier: string; trackingNumber?: string; lastError?: string }> = [];
  const headers = { authorization: `token ${stack.creds.apiToken}`, 'content-type': 'application/json' };
  const api = `${stack.baseUrl}/_api/v1/company/${stack.creds.company}`;

  async function createOne(): Promise<void> {
    const orderNumber = `DRILL-${process.pid}-${++n}`;
    const record: CreateRecord = { orderNumber, phase, status: 'pending' };
    ledger.creates.push(record);
    try {
      const res = await fetch(`${api}/consignments`, {
        method: 'POST', headers, body: JSON.stringify([domesticConsignment({ order_number: orderNumber, service_id: SERVICE })]),
        signal: AbortSignal.timeout(30_000),
      });
      record.status = res.status;
      const body = (await res.json().catch(() => ({}))) as { success?: string[] };
      if (res.status === 200 && body.success?.[0]) {
        record.identifier = body.success[0];
        toPush.push({ identifier: body.success[0] });
      }
    } catch {
      record.status = 'error';
    }
  }

  async function trackingNumberOf(identifier: string): Promise<string | undefined> {
    const res = await fetch(`${api}/consignment/${identifier}`, { headers, signal: AbortSignal.timeout(10_000) });
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
      const res = await sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret,
        trackingBody({ [next.trackingNumber]: [{ status: 'DELIVERED', carrier_code: 'DEL', timestamp: at }] }));
      // A duplicate means an earlier try was stored although its answer was lost in the fault.
      if (res.status === 202 && res.body.accepted + res.body.duplicates === 1) {
        ledger.pushes.push({ identifier: next.identifier, trackingNumber: next.trackingNumber, phase, at });
        return;
      }
      throw new Error(`push answered ${res.status} ${JSON.stringify(res.body)}`);
    } catch (err) {
      next.lastError = (err as Error).message;
      // Not yet known to tracking (it learns numbers from events), or a fault: try again later.
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
  const loops = [loop(o.createEveryMs, createOne), loop(o.pushEveryMs, pushOne)];

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
      while (toPush.length > 0 && Date.now() < deadline) {
        await pushOne();
        if (toPush.length > 0) await sleep(100);
      }
      if (toPush.length > 0) {
        const why = toPush.slice(0, 3).map((p) => `${p.identifier}: ${p.lastError}`).join('; ');
        throw new Error(`${toPush.length} accepted consignments could not be pushed within ${timeoutMs} ms (last errors: ${why})`);
      }
    },
  };
}
