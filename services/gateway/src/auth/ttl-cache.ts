/** A bounded map whose entries expire; enough for credential caches without another dependency. */
export class TtlCache<V> {
  private readonly map = new Map<string, { value: V; until: number }>();
  constructor(private readonly ttlMs: number, private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.until < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V): void {
    if (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, { value, until: Date.now() + this.ttlMs });
  }
}
