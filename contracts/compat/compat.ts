import { diffNode, type Breaking, type Node } from './schema-diff';

/** What running services rely on: every schema by `$id`, and each event type's data schema. */
export interface Contracts {
  schemas: Record<string, Node>;
  eventTypes: Record<string, string>;
}

export type { Breaking } from './schema-diff';

/** Schemas others send us: request bodies (titles ending Input, Request or Patch, carrier pushes) and events. */
export const isValidatedRoot = (id: string, schema: Node): boolean =>
  id.includes('/schemas/events/') || /(Input|Request|Patch)$|^TrackingPush$/.test(String(schema.title ?? ''));

function refsOf(node: unknown, from: string, out: Set<string>): void {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, from, out));
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) out.add(new URL(v, from).href.replace(/#.*$/, ''));
      else refsOf(v, from, out);
    }
  }
}

/** The validated roots and every schema they reference, in either version. */
function validatedIds(published: Contracts, current: Contracts): Set<string> {
  const all = { ...published.schemas, ...current.schemas };
  const todo = Object.entries(all).filter(([id, s]) => isValidatedRoot(id, s)).map(([id]) => id);
  const seen = new Set<string>();
  while (todo.length > 0) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const refs = new Set<string>();
    for (const version of [published.schemas[id], current.schemas[id]]) if (version) refsOf(version, id, refs);
    todo.push(...refs);
  }
  return seen;
}

/**
 * Every change from the published contracts that would break a service still running against them.
 * A new schema or event type is never breaking: that is how a breaking change ships (a new `$id`
 * beside the old one, a new event type whose data uses it).
 */
export function breakingChanges(published: Contracts, current: Contracts): Breaking[] {
  const out: Breaking[] = [];
  const validated = validatedIds(published, current);
  for (const [id, before] of Object.entries(published.schemas)) {
    const after = current.schemas[id];
    if (!after) {
      out.push({ where: id, path: '/', kind: 'removed', message: 'schema removed while published (keep it beside its successor)' });
      continue;
    }
    if (before.title !== after.title || JSON.stringify(before.type) !== JSON.stringify(after.type)) {
      out.push({
        where: id, path: '/', kind: 'reused',
        message: `$id reused with a different meaning: ${String(before.title)} (${JSON.stringify(before.type)}) is now ${String(after.title)} (${JSON.stringify(after.type)})`,
      });
      continue;
    }
    diffNode(before, after, '', { where: id, validated: validated.has(id), out });
  }
  for (const [type, dataId] of Object.entries(published.eventTypes)) {
    const now = current.eventTypes[type];
    if (now === undefined) out.push({ where: type, path: '/', kind: 'event-type', message: 'event type removed while published' });
    else if (now !== dataId) out.push({ where: type, path: '/', kind: 'event-type', message: `event type now carries ${now} instead of ${dataId} (publish a new event type)` });
  }
  return out;
}

export function describe(b: Breaking): string {
  return `${b.where}${b.path === '/' ? '' : ` ${b.path}`}: ${b.message}`;
}
