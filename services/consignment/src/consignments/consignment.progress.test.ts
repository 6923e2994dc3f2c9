import { trackedTransition } from './consignment.progress';

const t = (h: number) => new Date(Date.UTC(2026, 10, 22, h));

describe('trackedTransition', () => {
  it('moves booked consignments forward: Despatched, then Delivered', () => {
    for (const from of ['Allocated', 'Printed', 'Manifested'] as const) expect(trackedTransition(from, null, 'Despatched', t(9))).toBe('Despatched');
    expect(trackedTransition('Despatched', t(9), 'Delivered', t(12))).toBe('Delivered');
    expect(trackedTransition('Manifested', null, 'Delivered', t(12))).toBe('Delivered');
  });

  it('never moves backwards: not out of Delivered, not from Despatched to Despatched', () => {
    expect(trackedTransition('Delivered', t(12), 'Despatched', t(13))).toBeNull();
    expect(trackedTransition('Delivered', t(12), 'Exception', t(13))).toBeNull();
    expect(trackedTransition('Despatched', t(9), 'Despatched', t(10))).toBeNull();
  });

  it('enters Exception before delivery and leaves it only for a later progress', () => {
    expect(trackedTransition('Despatched', t(9), 'Exception', t(10))).toBe('Exception');
    expect(trackedTransition('Exception', t(10), 'Despatched', t(9))).toBeNull();
    expect(trackedTransition('Exception', t(10), 'Despatched', t(11))).toBe('Despatched');
    expect(trackedTransition('Exception', t(10), 'Delivered', t(11))).toBe('Delivered');
  });

  it('ignores a progress older than the last applied one', () => {
    expect(trackedTransition('Despatched', t(12), 'Exception', t(11))).toBeNull();
  });

  it('leaves cancelled and unallocated consignments alone', () => {
    for (const s of ['Despatched', 'Delivered', 'Exception'] as const) {
      expect(trackedTransition('Cancelled', null, s, t(9))).toBeNull();
      expect(trackedTransition('Unallocated', null, s, t(9))).toBeNull();
    }
  });
});
