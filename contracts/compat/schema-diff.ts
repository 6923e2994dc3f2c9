/**
 * What makes a schema change break a running service: comparing one schema node with its published
 * version. Readers of a schema are either everyone (responses: a field taken away) or also its
 * validators (requests and events: a new required field, a tightened rule, rejects what an older
 * sender still sends).
 */
export type Node = Record<string, unknown>;

export interface Breaking {
  /** The schema's `$id`, or an event type. */
  where: string;
  /** JSON-pointer-like path inside the schema (`/properties/packages/items`). */
  path: string;
  kind: 'removed' | 'narrowed' | 'required' | 'reused' | 'event-type';
  message: string;
}

export interface DiffContext {
  where: string;
  /** A request or event schema (or one they reference): validators reject what senders still send. */
  validated: boolean;
  out: Breaking[];
}

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);
const typesOf = (n: Node): string[] | undefined => (n.type === undefined ? undefined : ([] as string[]).concat(n.type as string | string[]));
const json = (v: unknown) => JSON.stringify(v);

/** Lower bounds (a larger value tightens) and upper bounds (a smaller value tightens) a validator applies. */
const LOWER = ['minLength', 'minItems', 'minimum', 'exclusiveMinimum', 'minProperties'];
const UPPER = ['maxLength', 'maxItems', 'maximum', 'exclusiveMaximum', 'maxProperties'];

function report(ctx: DiffContext, path: string, kind: Breaking['kind'], message: string): void {
  ctx.out.push({ where: ctx.where, path: path || '/', kind, message });
}

function diffValues(before: Node, after: Node, path: string, ctx: DiffContext): void {
  const was = typesOf(before);
  const now = typesOf(after);
  const lostTypes = was ? (now ? was.filter((t) => !now.includes(t) && !(t === 'integer' && now.includes('number'))) : []) : now ?? [];
  if (was && lostTypes.length > 0) report(ctx, path, 'narrowed', `type narrowed from ${json(before.type)} to ${json(after.type)}`);
  if (!was && now) report(ctx, path, 'narrowed', `type narrowed to ${json(after.type)}`);
  if (Array.isArray(after.enum)) {
    const lost = Array.isArray(before.enum) ? before.enum.filter((v) => !(after.enum as unknown[]).some((w) => json(w) === json(v))) : ['(any value)'];
    if (lost.length > 0) report(ctx, path, 'narrowed', `enum narrowed: ${lost.map((v) => json(v)).join(', ')} no longer allowed`);
  }
  if ('const' in after && json(after.const) !== json(before.const)) report(ctx, path, 'narrowed', `const changed to ${json(after.const)}`);
  if (!ctx.validated) return;
  for (const k of LOWER) if (typeof after[k] === 'number' && !((before[k] as number) >= (after[k] as number))) report(ctx, path, 'narrowed', `${k} tightened to ${after[k]}`);
  for (const k of UPPER) if (typeof after[k] === 'number' && !((before[k] as number) <= (after[k] as number))) report(ctx, path, 'narrowed', `${k} tightened to ${after[k]}`);
  for (const k of ['pattern', 'format']) if (after[k] !== undefined && after[k] !== before[k]) report(ctx, path, 'narrowed', `${k} changed to ${json(after[k])}`);
  if (after.additionalProperties === false && before.additionalProperties !== false) report(ctx, path, 'narrowed', 'additional properties no longer allowed');
}

function diffProperties(before: Node, after: Node, path: string, ctx: DiffContext): void {
  const was = isNode(before.properties) ? before.properties : {};
  const now = isNode(after.properties) ? after.properties : {};
  const added = Object.keys(now).filter((k) => !(k in was));
  for (const [name, schema] of Object.entries(was)) {
    if (!(name in now)) {
      const renamed = added.length > 0 ? ` (renamed? new: ${added.join(', ')})` : '';
      report(ctx, `${path}/properties/${name}`, 'removed', `property "${name}" removed${renamed}`);
    } else if (isNode(schema) && isNode(now[name])) {
      diffNode(schema, now[name] as Node, `${path}/properties/${name}`, ctx);
    }
  }
  if (!ctx.validated) return;
  const required = new Set((before.required as string[] | undefined) ?? []);
  for (const name of (after.required as string[] | undefined) ?? []) {
    if (!required.has(name)) report(ctx, `${path}/required`, 'required', `property "${name}" newly required`);
  }
}

/** Sub-schemas kept by key (`$defs`) or by position (`items`, `prefixItems`, `allOf`, `anyOf`, `oneOf`). */
function diffChildren(before: Node, after: Node, path: string, ctx: DiffContext): void {
  for (const key of ['items', 'additionalProperties', 'not', 'contains']) {
    if (isNode(before[key]) && isNode(after[key])) diffNode(before[key] as Node, after[key] as Node, `${path}/${key}`, ctx);
  }
  for (const key of ['$defs', 'definitions', 'patternProperties']) {
    const was = isNode(before[key]) ? (before[key] as Node) : {};
    const now = isNode(after[key]) ? (after[key] as Node) : {};
    for (const [name, schema] of Object.entries(was)) {
      if (!(name in now)) report(ctx, `${path}/${key}/${name}`, 'removed', `${key} "${name}" removed`);
      else if (isNode(schema) && isNode(now[name])) diffNode(schema, now[name] as Node, `${path}/${key}/${name}`, ctx);
    }
  }
  for (const key of ['prefixItems', 'allOf', 'anyOf', 'oneOf']) {
    const was = Array.isArray(before[key]) ? (before[key] as unknown[]) : [];
    const now = Array.isArray(after[key]) ? (after[key] as unknown[]) : [];
    if (key === 'allOf' ? now.length > was.length : now.length < was.length) {
      report(ctx, `${path}/${key}`, 'narrowed', `${key} went from ${was.length} to ${now.length} schemas`);
    }
    was.forEach((s, i) => {
      if (isNode(s) && isNode(now[i])) diffNode(s, now[i] as Node, `${path}/${key}/${i}`, ctx);
    });
  }
}

/** Compares one node of a schema with the same node of its published version. */
export function diffNode(before: Node, after: Node, path: string, ctx: DiffContext): void {
  if (typeof before.$ref === 'string' || typeof after.$ref === 'string') {
    if (before.$ref !== after.$ref) report(ctx, path, 'narrowed', `reference changed from ${json(before.$ref)} to ${json(after.$ref)}`);
    return;
  }
  diffValues(before, after, path, ctx);
  diffProperties(before, after, path, ctx);
  diffChildren(before, after, path, ctx);
}
