import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './packages';

/**
 * carrier-link is the one carrier port: it alone loads carrier adapters (the sandbox carriers included),
 * the outbound carrier HTTP client and the label image codecs. Every other service reaches a carrier
 * through `@waybill/carrier-link-client` and may know only the carrier model (`@waybill/carrier-model`).
 * This reads every service's package.json (dependencies and devDependencies, followed through the
 * workspace's libraries) and every import in its sources, tests included.
 */
const ADAPTER_PACKAGES = ['@waybill/carriers', '@waybill/carrier-doubles', '@waybill/carrier-conformance'];
const THE_PORT = 'services/carrier-link';
/**
 * @waybill/testing depends on the carrier doubles only for its `stacks` entry (whole stacks for e2e/ and
 * bench/, with doubles standing in for carriers); a service's tests may use its other helpers, so the
 * dependency is not followed, and an import of `@waybill/testing/stacks` counts as reaching an adapter.
 */
const STACK_TOOLING = '@waybill/testing';
const STACKS_ENTRY = '@waybill/testing/stacks';

/**
 * Services that still build carriers in-process, each moving behind the port in its own step; the list
 * only shrinks (a service listed here that no longer reaches an adapter fails the test too, so the list
 * never hides a service that has moved).
 */
const NOT_YET_BEHIND_THE_PORT: readonly string[] = ['services/consignment', 'services/documents', 'services/tracking-ingest'];

interface Manifest { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> }
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));

const libraries = new Map(readdirSync(join(ROOT, 'libs')).filter((d) => existsSync(join(ROOT, 'libs', d, 'package.json')))
  .map((d) => { const m = manifestOf(`libs/${d}`); return [m.name, m] as const; }));

/** The adapter packages a package reaches through its dependencies, with the path that reaches each. */
function reachedAdapters(m: Manifest, withDev: boolean, path: string[] = [m.name], seen = new Set<string>()): string[] {
  const deps = Object.keys({ ...m.dependencies, ...(withDev ? m.devDependencies : {}) });
  return deps.flatMap((d) => {
    if (ADAPTER_PACKAGES.includes(d)) return [[...path, d].join(' -> ')];
    const lib = libraries.get(d);
    if (!lib || seen.has(d) || d === STACK_TOOLING) return [];
    seen.add(d);
    return reachedAdapters(lib, false, [...path, d], seen);
  });
}

/** Every module a package's sources import, tests and test support included. */
function importsOf(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const path = join(d, f);
      if (statSync(path).isDirectory()) walk(path);
      else if (f.endsWith('.ts')) {
        for (const m of readFileSync(path, 'utf8').matchAll(/(?:from|import\(|require\()\s*'(@waybill\/[^'/]+(?:\/stacks)?)/g)) found.push(`${path.slice(ROOT.length + 1)}: ${m[1]}`);
      }
    }
  };
  walk(join(ROOT, dir, 'src'));
  return found.filter((line) => [...ADAPTER_PACKAGES, STACKS_ENTRY].some((p) => line.endsWith(`: ${p}`)));
}

const services = readdirSync(join(ROOT, 'services')).map((d) => `services/${d}`).filter((d) => existsSync(join(ROOT, d, 'package.json')));
const reachesAdapters = (dir: string) => [...reachedAdapters(manifestOf(dir), true), ...importsOf(dir)];

test('no service but carrier-link depends on, or imports, a package holding carrier adapters', () => {
  const offenders = services.filter((d) => d !== THE_PORT && !NOT_YET_BEHIND_THE_PORT.includes(d))
    .map((d) => [d, reachesAdapters(d)] as const).filter(([, found]) => found.length > 0);
  expect(offenders).toEqual([]);
});

test('the services not yet behind the port are exactly those that still reach an adapter', () => {
  expect(NOT_YET_BEHIND_THE_PORT.filter((d) => reachesAdapters(d).length === 0)).toEqual([]);
});

test('the check sees a dependency: carrier-link itself reaches the adapters', () => {
  expect(reachesAdapters(THE_PORT)).toEqual(expect.arrayContaining(['@waybill/carrier-link -> @waybill/carriers']));
});

test('the carrier model and the carrier-link client hold no adapter and reach none', () => {
  for (const lib of ['@waybill/carrier-model', '@waybill/carrier-link-client']) expect([lib, reachedAdapters(libraries.get(lib)!, true)]).toEqual([lib, []]);
});
