import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Gauge } from 'prom-client';
import { eventDataSchemaIds, getSchema, type EventTypeName, type JsonSchema } from '@waybill/contracts';
import { metricsRegistry } from '@waybill/telemetry';

/** An event type a service publishes or consumes, with the data schema it means by it. */
export interface EventContract {
  type: string;
  schema: string;
  /** First 12 hex digits of the SHA-256 of the data schema and every schema it references. */
  fingerprint: string;
}

/** What runs: `/healthz` answers it and `waybill_service_info` / `waybill_event_contract_info` label it. */
export interface ServiceVersions {
  service: string;
  version: string;
  commit: string;
  publishes: EventContract[];
  consumes: EventContract[];
}

export interface VersionsDeclaration {
  service: string;
  /** The service's package folder (its package.json, and dist/build-info.json written by `make build`). */
  packageDir: string;
  publishes?: readonly EventTypeName[];
  consumes?: readonly EventTypeName[];
}

function withReferences(schema: JsonSchema, seen = new Map<string, JsonSchema>()): JsonSchema[] {
  if (seen.has(schema.$id)) return [];
  seen.set(schema.$id, schema);
  const refs = new Set<string>();
  JSON.stringify(schema, (k, v) => {
    if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) refs.add(new URL(v, schema.$id).href);
    return v;
  });
  for (const id of refs) {
    const target = getSchema(id);
    if (target) withReferences(target, seen);
  }
  return [...seen.values()];
}

export function eventContract(type: EventTypeName): EventContract {
  const id = eventDataSchemaIds[type];
  const schema = getSchema(id);
  if (!schema) throw new Error(`no data schema for event type ${type}`);
  const text = JSON.stringify(withReferences(schema).sort((a, b) => a.$id.localeCompare(b.$id)));
  return { type, schema: id, fingerprint: createHash('sha256').update(text).digest('hex').slice(0, 12) };
}

/** The commit from WAYBILL_COMMIT (set by an image build), else the one `make build` stamped into dist/. */
function commitOf(packageDir: string): string {
  if (process.env.WAYBILL_COMMIT) return process.env.WAYBILL_COMMIT;
  const stamp = join(packageDir, 'dist', 'build-info.json');
  return existsSync(stamp) ? String(JSON.parse(readFileSync(stamp, 'utf8')).commit ?? 'unknown') : 'unknown';
}

/** The release a package belongs to: its package.json version (every package carries the release's) and the build's commit. */
export function releaseOf(packageDir: string): { version: string; commit: string } {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return { version: pkg.version, commit: commitOf(packageDir) };
}

const declared = new Map<string, ServiceVersions>();

const serviceInfo = new Gauge({
  name: 'waybill_service_info', help: 'Always 1: the package version and commit of each service running in this process',
  labelNames: ['service', 'version', 'commit'], registers: [metricsRegistry],
});
const contractInfo = new Gauge({
  name: 'waybill_event_contract_info', help: 'Always 1: each event type a service publishes or consumes, with its data schema and fingerprint',
  labelNames: ['service', 'direction', 'type', 'schema', 'fingerprint'], registers: [metricsRegistry],
});

/** Records what a service runs: its `/healthz` answers it from now on, and the info metrics carry it. */
export function declareVersions(d: VersionsDeclaration): ServiceVersions {
  const release = releaseOf(d.packageDir);
  const v: ServiceVersions = {
    service: d.service, version: release.version, commit: release.commit,
    publishes: (d.publishes ?? []).map(eventContract), consumes: (d.consumes ?? []).map(eventContract),
  };
  declared.set(d.service, v);
  serviceInfo.set({ service: v.service, version: v.version, commit: v.commit }, 1);
  for (const [direction, list] of [['publishes', v.publishes], ['consumes', v.consumes]] as const) {
    for (const c of list) contractInfo.set({ service: v.service, direction, type: c.type, schema: c.schema, fingerprint: c.fingerprint }, 1);
  }
  return v;
}

export function versionsOf(service: string): ServiceVersions | undefined {
  return declared.get(service);
}
