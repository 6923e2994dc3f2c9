import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { allSchemas } from '../src/schemas';
import { eventDataSchemaIds } from '../src/events';
import { breakingChanges, type Breaking, type Contracts } from './compat';
import type { Node } from './schema-diff';

/** contracts/published/: the snapshot `pnpm contracts:publish` writes and `pnpm contracts:compat` reads. */
export const PUBLISHED_DIR = join(__dirname, '..', 'published');
const BASE = 'https://waybill.dev/schemas/';
const EVENT_TYPES = 'event-types.json';

/** The contracts as the sources in contracts/ define them now. */
export function currentContracts(): Contracts {
  return {
    schemas: Object.fromEntries(allSchemas.map((s) => [s.$id, s as Node])),
    eventTypes: { ...eventDataSchemaIds },
  };
}

/** A `$id` → its file under the snapshot (`api/address.json`): the same layout as contracts/. */
const fileOf = (id: string): string => {
  if (!id.startsWith(BASE)) throw new Error(`schema $id outside ${BASE}: ${id}`);
  return id.slice(BASE.length);
};

export function readPublished(dir = PUBLISHED_DIR): Contracts {
  if (!existsSync(join(dir, EVENT_TYPES))) return { schemas: {}, eventTypes: {} };
  const schemas: Record<string, Node> = {};
  for (const group of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const f of readdirSync(join(dir, group.name)).filter((n) => n.endsWith('.json'))) {
      const schema = JSON.parse(readFileSync(join(dir, group.name, f), 'utf8')) as Node;
      schemas[String(schema.$id)] = schema;
    }
  }
  return { schemas, eventTypes: JSON.parse(readFileSync(join(dir, EVENT_TYPES), 'utf8')) };
}

/** Replaces the snapshot with `contracts` (the caller has checked they are compatible). */
export function writePublished(contracts: Contracts, dir = PUBLISHED_DIR): void {
  for (const entry of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
    if (entry.isDirectory()) rmSync(join(dir, entry.name), { recursive: true });
  }
  for (const [id, schema] of Object.entries(contracts.schemas)) {
    const file = join(dir, fileOf(id));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
  }
  const sorted = Object.fromEntries(Object.entries(contracts.eventTypes).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(join(dir, EVENT_TYPES), `${JSON.stringify(sorted, null, 2)}\n`);
}

/**
 * `contracts:publish`: records `current` unless it breaks what is published (then nothing is written and
 * the breaking changes are returned).
 */
export function publishContracts(current: Contracts, dir = PUBLISHED_DIR): Breaking[] {
  const breaking = breakingChanges(readPublished(dir), current);
  if (breaking.length === 0) writePublished(current, dir);
  return breaking;
}
