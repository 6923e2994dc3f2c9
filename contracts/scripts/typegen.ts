import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { schemaGroups, type JsonSchema, type SchemaGroup } from '../src/schemas';
import { rewriteRefs, withoutDocumentKeywords } from '../src/schema-walk';

export const contractsDir = path.resolve(__dirname, '..');

const BANNER = `/* eslint-disable */
/**
 * GENERATED FILE, do not edit. Source: contracts/<group>/*.json, via contracts/scripts/generate-types.ts.
 * Change the schemas, then run \`pnpm contracts:generate\`.
 */`;

// Each schema is compiled on its own with every $ref replaced by the referenced schema's type name,
// so every type is declared exactly once, in the file of the group that owns its schema.
const COMPILE_OPTIONS = {
  bannerComment: '',
  format: false,
  additionalProperties: false,
  unknownAny: true,
  declareExternallyReferenced: true,
  strictIndexSignatures: false,
} as const;

const TYPE_KEYWORDS = ['type', 'enum', 'const', 'tsType', 'anyOf', 'oneOf', 'allOf', 'properties', 'items'];

// An empty schema accepts anything (the read-only fields of input bodies); the generator would
// otherwise type it as an object with an index signature.
function typeUntyped(node: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...node };
  const sub = (value: unknown) => typeUntyped(value as Record<string, unknown>);
  for (const key of ['properties', 'patternProperties'] as const) {
    if (copy[key]) copy[key] = Object.fromEntries(Object.entries(copy[key] as object).map(([k, v]) => [k, sub(v)]));
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).map(sub);
  for (const key of ['items', 'additionalProperties'] as const) {
    if (copy[key] && typeof copy[key] === 'object') copy[key] = sub(copy[key]);
  }
  return TYPE_KEYWORDS.some((k) => k in copy) ? copy : { ...copy, tsType: 'unknown' };
}

function groupOf(schema: JsonSchema): SchemaGroup {
  const group = (Object.keys(schemaGroups) as SchemaGroup[]).find((g) => schemaGroups[g].includes(schema));
  if (!group) throw new Error(`${schema.$id} is in no schema group`);
  return group;
}

async function generateGroup(group: SchemaGroup): Promise<string> {
  const imports = new Map<SchemaGroup, Set<string>>();
  const parts: string[] = [];
  for (const schema of schemaGroups[group]) {
    const inlined = rewriteRefs(schema, (target, siblings) => {
      const owner = groupOf(target);
      if (owner !== group) imports.set(owner, (imports.get(owner) ?? new Set()).add(target.title));
      return { ...siblings, tsType: target.title };
    });
    parts.push(await compile(typeUntyped(withoutDocumentKeywords(inlined)) as JSONSchema, schema.title, COMPILE_OPTIONS));
  }
  const importLines = [...imports].map(([from, names]) => `import type { ${[...names].sort().join(', ')} } from './${from}';`);
  const source = [BANNER.replace('<group>', group), ...importLines, ...parts].join('\n\n');
  assertNoDuplicateDeclarations(group, source);
  return formatTypeScript(source);
}

function assertNoDuplicateDeclarations(group: string, source: string): void {
  const names = [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]);
  const duplicates = names.filter((name, i) => names.indexOf(name) !== i);
  if (duplicates.length) throw new Error(`${group}: duplicate declarations ${duplicates.join(', ')}; give nested schemas no title`);
}

// Prettier's main entry does a dynamic import that jest cannot run, so use its standalone build,
// resolved from json-schema-to-typescript (whose dependency it is) to get the very same version.
async function formatTypeScript(source: string): Promise<string> {
  const jsttDir = path.dirname(require.resolve('json-schema-to-typescript/package.json'));
  const prettierDir = path.dirname(require.resolve('prettier/package.json', { paths: [jsttDir] }));
  const prettier = require(path.join(prettierDir, 'standalone.js'));
  const plugins = ['typescript.js', 'estree.js'].map((p) => require(path.join(prettierDir, 'plugins', p)));
  return prettier.format(source, { parser: 'typescript', plugins, singleQuote: true, printWidth: 110 });
}

export interface GeneratedFile {
  /** Relative to contracts/. */
  path: string;
  content: string;
}

/** Regenerates every types file in memory. */
export async function generateTypeFiles(): Promise<GeneratedFile[]> {
  const groups = Object.keys(schemaGroups) as SchemaGroup[];
  return Promise.all(groups.map(async (g) => ({ path: `src/generated/${g}.ts`, content: await generateGroup(g) })));
}

/** Paths (relative to contracts/) whose committed content differs from what the schemas generate. */
export async function findStaleTypeFiles(): Promise<string[]> {
  const stale: string[] = [];
  for (const file of await generateTypeFiles()) {
    const committed = await readFile(path.join(contractsDir, file.path), 'utf8').catch(() => null);
    if (committed !== file.content) stale.push(file.path);
  }
  return stale;
}
