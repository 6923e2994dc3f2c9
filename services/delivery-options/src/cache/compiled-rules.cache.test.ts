import type { CompiledRuleSet } from '../engine/compile';
import { CompiledRulesCache } from './compiled-rules.cache';

const set = (tag: string) => ({ currency: tag } as unknown as CompiledRuleSet);

describe('CompiledRulesCache', () => {
  it('loads once per company and serves from memory until invalidated', async () => {
    let loads = 0;
    const cache = new CompiledRulesCache(async (c) => set(`${c}-${++loads}`));
    const [a, b] = await Promise.all([cache.get('acme'), cache.get('acme')]);
    expect([a.currency, b.currency, (await cache.get('acme')).currency, loads]).toEqual(['acme-1', 'acme-1', 'acme-1', 1]);
    cache.invalidate('acme');
    expect((await cache.get('acme')).currency).toBe('acme-2');
    expect((await cache.get('other')).currency).toBe('other-3');
  });

  it('never keeps a load that started before an invalidation', async () => {
    let release!: (s: CompiledRuleSet) => void;
    let calls = 0;
    const cache = new CompiledRulesCache((c) => (++calls === 1 ? new Promise((r) => { release = r; }) : Promise.resolve(set(`${c}-new`))));
    const slow = cache.get('acme');
    cache.invalidate('acme');
    release(set('acme-old'));
    expect((await slow).currency).toBe('acme-old');
    expect((await cache.get('acme')).currency).toBe('acme-new');
  });

  it('reloads after the safety TTL', async () => {
    let loads = 0;
    const cache = new CompiledRulesCache(async () => set(String(++loads)), 0);
    await cache.get('acme');
    expect((await cache.get('acme')).currency).toBe('2');
  });
});
