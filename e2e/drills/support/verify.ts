import type { Hook } from '../../support/webhook-receiver';
import type { PushRecord } from './load';
import type { Received } from '../../../services/notifications/src/test-support/smtp';

/** Tracking numbers a tracking_update webhook carried, and consignments a proof_of_delivery webhook named. */
const trackingNumbers = (h: Hook): string[] => (h.json.event_type === 'tracking_update' ? h.json.trackings.map((t: { tracking_number: string }) => t.tracking_number) : []);
const podConsignments = (h: Hook): string[] => (h.json.event_type === 'proof_of_delivery' ? h.json.payload.map((d: { consignment_identifier: string }) => d.consignment_identifier) : []);

/** Accepted pushes that have not reached the merchant as both a tracking update and a proof of delivery. */
export function undelivered(hooks: Hook[], pushes: PushRecord[]): PushRecord[] {
  const tracked = new Set(hooks.flatMap(trackingNumbers));
  const podded = new Set(hooks.flatMap(podConsignments));
  return pushes.filter((p) => !tracked.has(p.trackingNumber) || !podded.has(p.identifier));
}

/** Things that arrived more than once (the same key twice), counted by the phase the repeat arrived in. */
function repeatsByPhase(items: Array<{ key: string; kind: string; at: number }>, phaseStarts: Array<[string, number]>): Map<string, number> {
  const seen = new Set<string>();
  const repeats = new Map<string, number>();
  for (const item of [...items].sort((x, y) => x.at - y.at)) {
    if (!seen.has(item.key)) {
      seen.add(item.key);
      continue;
    }
    const phase = `${[...phaseStarts].reverse().find(([, t]) => t <= item.at)?.[0] ?? 'warm-up'}, ${item.kind}`;
    repeats.set(phase, (repeats.get(phase) ?? 0) + 1);
  }
  return repeats;
}

/** Events delivered more than once (the same event_id twice), counted by the phase the repeat arrived in. */
export function repeatedEvents(hooks: Hook[], phaseStarts: Array<[string, number]>): Map<string, number> {
  return repeatsByPhase(hooks.map((h) => ({ key: h.json.event_id, kind: h.json.event_type, at: h.at })), phaseStarts);
}

/** E-mails sent more than once (the same Message-ID twice: one per consignment and moment), by phase. */
export function repeatedMails(mails: Received[], phaseStarts: Array<[string, number]>): Map<string, number> {
  return repeatsByPhase(mails.map((m) => ({ key: String(m.mail.messageId), kind: 'e-mail', at: m.at })), phaseStarts);
}

/** Accepted pushes (all DELIVERED) whose recipient has no "delivered" e-mail linking to that parcel's tracking page. */
export function unmailed(mails: Received[], pushes: PushRecord[]): PushRecord[] {
  const linked = new Set(mails.filter((m) => /delivered/i.test(m.mail.subject ?? ''))
    .flatMap((m) => [...String(m.mail.html).matchAll(/\/track\/[a-z0-9-]+\/([A-Za-z0-9]+)/g)].map((x) => x[1])));
  return pushes.filter((p) => !linked.has(p.trackingNumber));
}
