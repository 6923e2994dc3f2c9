import type { Consignment } from '@waybill/contracts';
import type { EventEnvelope } from '@waybill/messaging';

/** What one consignment last counted as in the dashboard's aggregates. */
export interface Standing {
  identifier: string;
  company: string;
  created_day: string;
  carrier: string;
  status: string;
  rejection_reason: string | null;
  order_number: string;
  expected_date: string | null;
  delivered_day: string | null;
  as_of: string;
}

export interface DailyDelta { company: string; day: string; carrier: string; created: number; delivered: number; due_known: number; on_time: number }
export interface StatusDelta { company: string; day: string; status: string; n: number }

const utcDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** The standing a consignment event gives, or undefined when `prev` already reflects a later event. */
export function nextStanding(prev: Standing | undefined, event: EventEnvelope): Standing | undefined {
  const c = (event.data as { consignment?: Consignment }).consignment;
  if (!c?.identifier || !c.create_date) return undefined;
  if (prev && new Date(prev.as_of) > new Date(event.occurred_at)) return undefined;
  const status = c.current_status.status;
  const delivered = status === 'Delivered' ? (prev?.delivered_day ?? utcDay(event.occurred_at)) : null;
  return {
    identifier: c.identifier, company: event.company, created_day: utcDay(c.create_date),
    carrier: c.service_id ? c.service_id.split('|')[0] : '', status,
    rejection_reason: c.current_status.rejection_reason ?? null, order_number: c.order_number,
    expected_date: c.expected_delivery_date ?? null, delivered_day: delivered, as_of: new Date(event.occurred_at).toISOString(),
  };
}

/** The aggregates' changes when a consignment's standing moves from `prev` to `next`, summed by key. */
export class Deltas {
  readonly daily = new Map<string, DailyDelta>();
  readonly status = new Map<string, StatusDelta>();

  move(prev: Standing | undefined, next: Standing): void {
    if (prev) this.count(prev, -1);
    this.count(next, 1);
  }

  private count(s: Standing, sign: number): void {
    this.addDaily(s.company, s.created_day, s.carrier, { created: sign });
    if (s.delivered_day) {
      const due = s.expected_date !== null;
      this.addDaily(s.company, s.delivered_day, s.carrier, { delivered: sign, due_known: due ? sign : 0, on_time: due && s.delivered_day <= s.expected_date! ? sign : 0 });
    }
    const key = `${s.company}\u0000${s.created_day}\u0000${s.status}`;
    const d = this.status.get(key) ?? { company: s.company, day: s.created_day, status: s.status, n: 0 };
    d.n += sign;
    this.status.set(key, d);
  }

  private addDaily(company: string, day: string, carrier: string, add: Partial<Omit<DailyDelta, 'company' | 'day' | 'carrier'>>): void {
    const key = `${company}\u0000${day}\u0000${carrier}`;
    const d = this.daily.get(key) ?? { company, day, carrier, created: 0, delivered: 0, due_known: 0, on_time: 0 };
    d.created += add.created ?? 0;
    d.delivered += add.delivered ?? 0;
    d.due_known += add.due_known ?? 0;
    d.on_time += add.on_time ?? 0;
    this.daily.set(key, d);
  }
}
