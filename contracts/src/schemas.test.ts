import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SchemaId, allSchemas, resolveRef, schemaGroups } from './schemas';
import { rewriteRefs } from './schema-walk';

const contractsDir = path.resolve(__dirname, '..');

describe('schema registry', () => {
  it.each(Object.keys(schemaGroups))('lists every JSON file of %s/', (group) => {
    const files = readdirSync(path.join(contractsDir, group)).filter((f) => f.endsWith('.json')).sort();
    const registered = schemaGroups[group as keyof typeof schemaGroups].map((s) => path.basename(s.$id)).sort();
    expect(registered).toEqual(files);
  });

  it('has one SchemaId per schema, named by its title, with an $id matching its file', () => {
    expect(Object.fromEntries(allSchemas.map((s) => [s.title, s.$id]))).toEqual(SchemaId);
    for (const group of Object.keys(schemaGroups) as (keyof typeof schemaGroups)[]) {
      for (const schema of schemaGroups[group]) expect(schema.$id).toMatch(new RegExp(`/schemas/${group}/[a-z0-9-]+\\.json$`));
    }
  });

  it('resolves every $ref to a registered schema', () => {
    for (const schema of allSchemas) rewriteRefs(schema, () => ({}));
    expect(() => resolveRef('missing.json', allSchemas[0])).toThrow(/Unresolvable/);
  });

  it('keeps package.json and package-input.json in step', () => {
    const keys = (id: string) => Object.keys(allSchemas.find((s) => s.$id === id)!.properties as object).sort();
    expect(keys(SchemaId.PackageInput)).toEqual(keys(SchemaId.Package));
  });
});
