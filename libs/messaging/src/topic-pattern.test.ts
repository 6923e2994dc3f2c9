import { topicMatches } from './topic-pattern';

describe('topicMatches', () => {
  it.each([
    ['a.b.c', 'a.b.c', true],
    ['a.*.c', 'a.b.c', true],
    ['a.*.c', 'a.b.x.c', false],
    ['a.*', 'a', false],
    ['a.#', 'a', true],
    ['a.#', 'a.b.c', true],
    ['#', 'anything.at.all', true],
    ['#.c', 'a.b.c', true],
    ['a.#.c', 'a.c', true],
    ['a.#.c', 'a.b.d', false],
    ['*.b.#', 'a.b', true],
    ['a.b.c', 'a.b', false],
  ])('%s vs %s → %s', (pattern, key, expected) => {
    expect(topicMatches(pattern, key)).toBe(expected);
  });
});
