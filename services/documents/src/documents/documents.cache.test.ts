import { DocumentCache } from './documents.cache';

describe('document cache', () => {
  it('keys by identifier and content, so a changed consignment misses', () => {
    const a = DocumentCache.key('c1', [{ order_number: 'A' }, 'pdf']);
    expect(DocumentCache.key('c1', [{ order_number: 'A' }, 'pdf'])).toBe(a);
    expect(DocumentCache.key('c1', [{ order_number: 'B' }, 'pdf'])).not.toBe(a);
    expect(DocumentCache.key('c1', [{ order_number: 'A' }, 'zpl'])).not.toBe(a);
    expect(a.startsWith('c1:')).toBe(true);
  });

  it('stays within its byte budget, dropping the least recently used first', () => {
    const cache = new DocumentCache<string>(100, 10);
    cache.set('a', 'A', 20);
    cache.set('b', 'B', 20);
    expect(cache.get('a')).toBe('A');
    for (const k of ['c', 'd', 'e', 'f']) cache.set(k, k, 20);
    expect(cache.totalBytes).toBeLessThanOrEqual(100);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    cache.set('huge', 'H', 90);
    expect(cache.get('huge')).toBeUndefined();
  });

  it('bounds the number of entries', () => {
    const cache = new DocumentCache<number>(1e9, 3);
    for (let i = 0; i < 10; i++) cache.set(String(i), i, 1);
    expect(cache.size).toBe(3);
  });
});
