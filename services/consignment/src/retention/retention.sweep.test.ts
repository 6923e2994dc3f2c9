import { sweepEnabled } from './retention.sweep';

describe('RETENTION_SWEEP (docs/configuration.md)', () => {
  it('arms the sweep unless it is off', () => {
    expect(sweepEnabled({})).toBe(true);
    expect(sweepEnabled({ RETENTION_SWEEP: 'on' })).toBe(true);
    expect(sweepEnabled({ RETENTION_SWEEP: ' OFF ' })).toBe(false);
  });
});
