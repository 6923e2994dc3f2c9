import fc from 'fast-check';

type Json = unknown;

/** Every path (as key lists) inside a JSON value, the root included. */
function pathsOf(value: Json, at: Array<string | number> = []): Array<Array<string | number>> {
  const out = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...at, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...at, k]));
  return out;
}

function setAt(value: Json, path: Array<string | number>, next: Json | undefined): Json {
  if (path.length === 0) return next;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  const [head, ...rest] = path;
  if (rest.length === 0 && next === undefined) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete copy[head];
  } else copy[head] = setAt(copy[head], rest, next);
  return copy;
}

/** A value a schema would not expect: wrong types, edge numbers, long and odd strings, deep nesting. */
export const hostileJson: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(null, true, -1, 0, 1e308, -1e308, 2 ** 53 + 1, '', ' ', '\u0000', '../..', '%00', 'NaN', '9'.repeat(400), [], {}),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

/**
 * Mutations of a valid body: one to three paths replaced with hostile values or removed. The body stays
 * mostly valid, so the fuzzing reaches the code behind the schema check, not only the check itself.
 */
export function mutationsOf(valid: Json): fc.Arbitrary<Json> {
  const paths = pathsOf(valid);
  const one = fc.tuple(fc.constantFrom(...paths), fc.option(hostileJson, { nil: undefined }));
  return fc.array(one, { minLength: 1, maxLength: 3 }).map((edits) => edits.reduce((body, [path, v]) => setAt(body, path, v), valid));
}
