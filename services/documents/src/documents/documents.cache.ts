import { createHash } from 'node:crypto';

/**
 * Rendered documents by content: the key holds the consignment identifier and a hash of everything the
 * documents are made from (consignment, sender, settings, parameters), so an update to any of them misses
 * naturally and nothing needs invalidating. Least recently used entries go first once over the budget.
 */
export class DocumentCache<T> {
  private readonly entries = new Map<string, { value: T; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024, private readonly maxEntries = 512) {}

  static key(identifier: string, parts: unknown): string {
    return `${identifier}:${createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`;
  }

  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: T, bytes: number): void {
    if (bytes > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    while (this.bytes > this.maxBytes || this.entries.size > this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [string, { bytes: number }];
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
