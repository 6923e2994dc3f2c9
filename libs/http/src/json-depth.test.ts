import { exceedsDepth } from './json-depth';

const nested = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe('JSON depth limit', () => {
  it('counts containers, not scalars, and stops at the limit', () => {
    expect(exceedsDepth(1, 1)).toBe(false);
    expect(exceedsDepth(nested(64), 64)).toBe(false);
    expect(exceedsDepth(nested(65), 64)).toBe(true);
    expect(exceedsDepth([{ a: [] }, { b: { c: [null, 'x'] } }], 4)).toBe(false);
    expect(exceedsDepth([{ a: [] }, { b: { c: [null, 'x'] } }], 3)).toBe(true);
  });

  it('walks 100,000 levels without a stack overflow', () => {
    expect(exceedsDepth(nested(100_000), 64)).toBe(true);
  });
});
