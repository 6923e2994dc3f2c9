import type { Hook } from '../../support/webhook-receiver';
import type { PushRecord } from './load';

/** Tracking numbers a tracking_update webhook carried, and consignments a proof_of_delivery webhook named. */
const trackingNumbers = (h: Hook): string[] => (h.json.event_type === 'tracking_update' ? h.json.trackings.map((t: { tracking_number: string }) => t.tracking_number) : []);
const podConsignments = (h: Hook): string[] => (h.json.event_type === 'proof_of_delivery' ? h.json.payload.map((d: { consignment_identifier: string }) => d.consignment_identifier) : []);

/** Accepted pushes that have not reached the merchant as both a tracking update and a proof of delivery. */
export function undelivered(hooks: Hook[], pushes: PushRecord[]): PushRecord[] {
  const tracked = new Set(hooks.flatMap(trackingNumbers));
  const podded = new Set(hooks.flatMap(podConsignments));
  return pushes.filter((p) => !tracked.has(p.trackingNumber) || !podded.has(p.identifier));
}

/** Events delivered more than once (the same event_id twice), counted by the phase the repeat arrived in. */
export function repeatedEvents(hooks: Hook[], phaseStarts: Array<[string, number]>): Map<string, number> {
  const seen = new Set<string>();
  const repeats = new Map<string, number>();
  for (const h of [...hooks].sort((x, y) => x.at - y.at)) {
    if (!seen.has(h.json.event_id)) {
      seen.add(h.json.event_id);
      continue;
    }
    const phase = `${[...phaseStarts].reverse().find(([, t]) => t <= h.at)?.[0] ?? 'warm-up'}, ${h.json.event_type}`;
    repeats.set(phase, (repeats.get(phase) ?? 0) + 1);
  }
  return repeats;
}
