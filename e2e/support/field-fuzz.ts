import fc from 'fast-check';
import { hostileValue, pathsOf, setAt, type Path } from './hostile';

/** Lengths at and around the bounds the contracts state (docs/api/consignments.md), and the far ends of 0 and 100,000. */
const LENGTHS = [0, 1, 2, 3, 4, 5, 6, 10, 17, 25, 26, 32, 33, 50, 51, 64, 65, 200, 255, 256, 1000, 1001, 2048, 2049, 5000, 5001, 65_536, 99_999, 100_000];

/**
 * A string of 0 to 100,000 characters: a random unit (any code point, lone surrogates included)
 * repeated to a length near a bound or anywhere in the range. Built by repetition, so a 100,000-character
 * value costs a few microseconds to make.
 */
export const longString: fc.Arbitrary<string> = fc.tuple(
  fc.oneof(fc.constantFrom(...LENGTHS), fc.nat({ max: 100_000 })),
  fc.string({ minLength: 1, maxLength: 6, unit: fc.oneof({ arbitrary: fc.constantFrom('x', '9', ' ', 'é', '€', '😀', '|', '.'), weight: 3 }, { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 }) }),
).map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** What goes into one field: a string of any length, a number as text, or a value of another type. */
export const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: longString, weight: 4 },
  { arbitrary: fc.constantFrom('19.99', '2', '2.0', '2.5', '-1', '1e3', '', ' ', 'nineteen'), weight: 1 },
  { arbitrary: hostileValue, weight: 3 },
);

export interface FieldCase { path: Path; value: unknown; body: unknown; round: number }

/**
 * For every field of `valid` (every leaf and container, the body itself included), `perField` bodies
 * with that one field replaced by a generated value: every field is reached, whatever the seed. Round by
 * round (each field's first value, then each field's second, ...), so a run cut short by a time budget
 * after its first round has still reached every field.
 */
export function everyField(valid: unknown, perField: number, seed: number): FieldCase[] {
  const paths = pathsOf(valid);
  const values = paths.map((_, i) => fc.sample(fieldValue, { numRuns: perField, seed: seed + i }));
  return Array.from({ length: perField }, (_, round) => paths.map((path, i) => ({ path, round, value: values[i][round], body: setAt(valid, path, values[i][round]) }))).flat();
}

/** The cases a time budget allows: the whole first round, then the rest while `seconds` have not passed. */
export function* withinBudget(cases: FieldCase[], seconds: number): Generator<FieldCase> {
  const deadline = Date.now() + seconds * 1000;
  for (const c of cases) {
    if (c.round > 0 && Date.now() > deadline) return;
    yield c;
  }
}

export const describePath = (path: Path): string => (path.length ? path.join('.') : '(body)');
