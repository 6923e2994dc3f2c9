import { sendPush, trackingBody } from '../../../bench/lib/tracking-push';
import { domesticConsignment } from '../../support/fixtures';
import type { Stack } from '../../support/stack';

/** One consignment allocated and pushed for at once, as a carrier's first scan right after booking. */
export interface EarlyPush {
  identifier: string;
  trackingNumber: string;
  /** Milliseconds from the allocation's answer to sending the push. */
  offsetMs: number;
  /** Whether the push found the number unknown (kept for later) or already known. */
  parked: boolean;
}

const SERVICE = 'Generic Carrier|Generic Domestic Service GDOM';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Allocates consignments one after another and sends each one's first carrier scan 0 to 50 ms after
 * the allocation answered: before tracking-ingest can have heard of the number in a busy system, and
 * minutes before it can while the broker is down. Every push the platform accepted is recorded; each
 * must end up in the consignment's tracking events (docs/api/tracking.md: no event lost for arriving early).
 */
export function earlyPushLoad(stack: Stack, o: { everyMs: number }) {
  const pushed: EarlyPush[] = [];
  let refused = 0;
  let running = true;
  const headers = { authorization: `token ${stack.creds.apiToken}`, 'content-type': 'application/json' };
  const api = `${stack.baseUrl}/_api/v1/company/${stack.creds.company}`;

  async function one(n: number): Promise<void> {
    try {
      // Created unallocated first, so the allocation's answer carries the tracking number and the push can
      // follow it within the 0-50 ms with no read in between.
      const created = await fetch(`${api}/consignments`, {
        method: 'POST', headers, signal: AbortSignal.timeout(15_000),
        body: JSON.stringify([domesticConsignment({ order_number: `EARLY-${process.pid}-${n}` })]),
      });
      const identifier = ((await created.json()) as { success?: string[] }).success?.[0];
      if (!identifier) return;
      const draft = (await (await fetch(`${api}/consignment/${identifier}`, { headers, signal: AbortSignal.timeout(15_000) })).json()) as Record<string, unknown>;
      const allocated = await fetch(`${api}/consignment/${identifier}`, {
        method: 'PUT', headers, signal: AbortSignal.timeout(15_000), body: JSON.stringify({ ...draft, service_id: SERVICE }),
      });
      const allocatedAt = Date.now();
      const trackingNumber = ((await allocated.json()) as { packages?: Array<{ tracking_number?: string }> }).packages?.[0]?.tracking_number;
      if (allocated.status !== 200 || !trackingNumber) return;
      await sleep(Math.max(0, Math.random() * 50 - (Date.now() - allocatedAt)));
      const offsetMs = Date.now() - allocatedAt;
      const body = trackingBody({ [trackingNumber]: [{ status: 'IN_TRANSIT', carrier_code: 'FIRST-SCAN', timestamp: new Date(allocatedAt).toISOString().slice(0, 19), location: 'Collection' }] });
      const res = await sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret, body);
      if (res.status === 202 && res.body.accepted === 1) pushed.push({ identifier, trackingNumber, offsetMs, parked: res.body.unknown.includes(trackingNumber) });
      else refused += 1;
    } catch {
      // A fault on the way (a service restarting): nothing was promised, so nothing can be lost.
      refused += 1;
    }
  }

  const loop = (async () => {
    for (let n = 1; running; n++) {
      const started = Date.now();
      await one(n);
      await sleep(Math.max(0, o.everyMs - (Date.now() - started)));
    }
  })();

  return {
    pushed,
    refused: () => refused,
    async stop(): Promise<void> {
      running = false;
      await loop;
    },
    /** The accepted pushes whose event is not (yet) among their consignment's tracking events. */
    async unapplied(): Promise<EarlyPush[]> {
      const missing: EarlyPush[] = [];
      for (const p of pushed) {
        const res = await fetch(`${api}/consignment/${p.identifier}/tracking`, { headers, signal: AbortSignal.timeout(10_000) });
        const events = res.status === 200 ? (await res.json()) as Array<{ carrier_code: string | null }> : [];
        if (!events.some((e) => e.carrier_code === 'FIRST-SCAN')) missing.push(p);
      }
      return missing;
    },
  };
}
