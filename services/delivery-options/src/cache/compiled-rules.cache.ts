import type { CompiledRuleSet } from '../engine/compile';

interface Entry { set: CompiledRuleSet; loadedAt: number }

/**
 * Compiled rules per company, in memory: the checkout path reads the database only on a miss.
 * `invalidate` runs when this replica changes rules and when the rules-changed event arrives from any
 * replica. A load that started before an invalidation is not kept (the generation moved on), so a
 * slow read can never put old rules back. The TTL is only a safety net for an event lost while this
 * replica was disconnected from the broker.
 */
export class CompiledRulesCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CompiledRuleSet>>();
  private readonly generations = new Map<string, number>();

  constructor(private readonly load: (company: string) => Promise<CompiledRuleSet>, private readonly ttlMs = 10 * 60_000) {}

  get(company: string): Promise<CompiledRuleSet> {
    const e = this.entries.get(company);
    if (e && Date.now() - e.loadedAt < this.ttlMs) return Promise.resolve(e.set);
    const pending = this.loading.get(company);
    if (pending) return pending;
    const generation = this.generations.get(company) ?? 0;
    const p = this.load(company).then((set) => {
      if ((this.generations.get(company) ?? 0) === generation) this.entries.set(company, { set, loadedAt: Date.now() });
      return set;
    }).finally(() => {
      if (this.loading.get(company) === p) this.loading.delete(company);
    });
    this.loading.set(company, p);
    return p;
  }

  invalidate(company: string): void {
    this.generations.set(company, (this.generations.get(company) ?? 0) + 1);
    this.entries.delete(company);
    this.loading.delete(company);
  }
}
