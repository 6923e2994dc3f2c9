import fc from 'fast-check';

export type Path = Array<string | number>;

/** Strings that have broken parsers, databases and renderers before. */
const NASTY_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', '\u202eevil', '\ufeff', 'é', 'ﬀ', '😀'.repeat(50), 'Ω≈ç√∫',
  'x'.repeat(100_000), '9'.repeat(400), '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}',
  '../../etc/passwd', '%00', '%2e%2e%2f', '${jndi:ldap://x}', "'; DROP TABLE consignments;--", '<script>alert(1)</script>',
  'GB|x', '|', 'demo-co|London DC|x',
  '2024-13-45', '2024-02-30', '0000-00-00', '9999-12-31T23:59:60Z', '2024-01-01T25:00:00', '+275760-09-13T00:00:00.001Z',
  '-271821-04-20', '2024-01-01T00:00:00+99:99', 'yesterday', '1700000000',
];

/** A value that a schema would not expect: wrong types, edge numbers, odd and huge strings, small nests. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -0, -1, 0.5, 1e308, -1e308, 2 ** 53 + 1, 4294967296, [], {}, [null], { '': null }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

/** Every place in a value, the value itself first: containers and leaves, by key and index. */
export function pathsOf(value: unknown, at: Path = []): Path[] {
  const out = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...at, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...at, k]));
  return out;
}

/** A copy with the value at `path` replaced, or removed when `next` is undefined. */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  const [head, ...rest] = path;
  if (rest.length === 0 && next === undefined) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete copy[head];
  } else copy[head] = setAt(copy[head], rest, next);
  return copy;
}

type Edit = { kind: 'replace' | 'remove' | 'add'; pick: number; key: string; value: unknown };

const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom<Edit['kind']>('replace', 'replace', 'remove', 'add'),
  pick: fc.nat(),
  key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'identifier', 'company', 'id')),
  value: hostileValue,
});

function apply(body: unknown, e: Edit): unknown {
  const paths = pathsOf(body);
  const path = paths[e.pick % paths.length];
  if (e.kind === 'remove' && path.length > 0) return setAt(body, path, undefined);
  if (e.kind === 'add') {
    const containers = paths.filter((p) => { const v = p.reduce<any>((o, k) => o?.[k], body); return v && typeof v === 'object' && !Array.isArray(v); });
    if (containers.length) return setAt(body, [...containers[e.pick % containers.length], e.key], e.value);
  }
  return setAt(body, path, e.value);
}

/**
 * Bodies near the valid ones: one to three edits (a value swapped for a hostile one, a key removed,
 * an unknown key added) of a value from `valid`, so the fuzzing gets past the first check.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([body, edits]) => edits.reduce(apply, body));
}

/** Mostly-valid bodies, mutated ones and arbitrary JSON, in that proportion. */
export function bodiesFor(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: mutated(valid), weight: 5 }, { arbitrary: hostileValue, weight: 1 });
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD). */
export function encode(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1').replace(/[^A-Za-z0-9\-_.!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A path segment: real-looking ids, encodings that try to climb out, and junk. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }).map(encode),
  fc.stringMatching(/^[0-9a-f]{32}$/),
  fc.uuid(),
  fc.constantFrom('..', '.', '%2e%2e', '..%2f..%2f', '%2f', '%5c', '%00', '%', '%zz', '%c0%ae', '%ff%fe', '-1', '0', '1e9', 'null', 'x'.repeat(5000), '~', '*'),
);

/** A query string: known parameter names and junk ones, with hostile values, sometimes raw. */
export function hostileQuery(names: string[]): fc.Arbitrary<string> {
  const name = fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 }));
  const value = fc.oneof(
    fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 1000)).map(encode),
    fc.string({ maxLength: 20 }).map(encode),
    fc.constantFrom('%', '%zz', '%ff', '1', '100', '101', '0', '-5', '1.5', '203', '300', 'application%2Fpdf', 'image%2Fpng', '', '%E2%80%AE'),
  );
  return fc.array(fc.tuple(name.map(encode), value), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}
