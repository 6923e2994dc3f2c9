import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { breakingChanges, describe as describeChange, type Contracts } from './compat';
import { cases, published } from './compat.fixtures';
import { currentContracts, publishContracts, readPublished, writePublished } from './published';

const copy = (c: Contracts): Contracts => JSON.parse(JSON.stringify(c));

describe('contract compatibility: each kind of change against a published contract', () => {
  test.each(cases.filter((c) => !c.breaking).map((c) => [c.name, c] as const))('compatible: %s', (_name, c) => {
    const current = copy(published);
    c.change(current);
    expect(breakingChanges(published, current).map(describeChange)).toEqual([]);
  });

  test.each(cases.filter((c) => c.breaking).map((c) => [c.name, c] as const))('breaking: %s', (_name, c) => {
    const current = copy(published);
    c.change(current);
    const found = breakingChanges(published, current).map(describeChange);
    expect(found).toEqual([expect.stringMatching(c.breaking!)]);
  });

  test('a tightened limit in a response is not breaking: nobody validates responses on receipt', () => {
    const current = copy(published);
    const order = current.schemas['https://waybill.dev/schemas/api/order.json'].properties as Record<string, Record<string, unknown>>;
    order.note.maxLength = 10;
    expect(breakingChanges(published, current)).toEqual([]);
  });
});

describe('contracts/published/: the snapshot of what running services rely on', () => {
  test('every schema and event type in contracts/ is compatible with it (pnpm contracts:compat)', () => {
    const snapshot = readPublished();
    expect(Object.keys(snapshot.eventTypes).length).toBeGreaterThan(0);
    expect(breakingChanges(snapshot, currentContracts()).map(describeChange)).toEqual([]);
  });

  test('publishing writes a snapshot that reads back as the same contracts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'published-'));
    try {
      writePublished(published, dir);
      expect(readPublished(dir)).toEqual(published);
      expect(JSON.parse(readFileSync(join(dir, 'api', 'order.json'), 'utf8')).title).toBe('Order');
      const again = copy(published);
      delete again.schemas['https://waybill.dev/schemas/api/address.json'];
      writePublished(again, dir);
      expect(Object.keys(readPublished(dir).schemas)).not.toContain('https://waybill.dev/schemas/api/address.json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('publishing refuses a breaking change and leaves the snapshot as it was; a compatible one is recorded', () => {
    const dir = mkdtempSync(join(tmpdir(), 'published-'));
    try {
      writePublished(published, dir);
      const broken = copy(published);
      delete broken.eventTypes['shop.order.shipped'];
      expect(publishContracts(broken, dir).map(describeChange)).toEqual(['shop.order.shipped: event type removed while published']);
      expect(readPublished(dir)).toEqual(published);
      const added = copy(published);
      added.eventTypes['shop.order.returned'] = 'https://waybill.dev/schemas/events/order-shipped.json';
      expect(publishContracts(added, dir)).toEqual([]);
      expect(readPublished(dir)).toEqual(added);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
