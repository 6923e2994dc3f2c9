import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { SERVICE_CATALOGUE } from '@waybill/runtime';

/** The deployment files stay in step with the catalogue, and every Deployment can be probed and bounded. */
const ROOT = join(__dirname, '..');
const SERVICES = ['gateway', ...SERVICE_CATALOGUE.map((s) => s.name)];
const STATELESS = ['gateway', 'consignment', 'delivery-options', 'documents'];

function k8sDocs(): any[] {
  const dir = join(ROOT, 'infra', 'k8s');
  return readdirSync(dir).filter((f) => f.endsWith('.yaml')).flatMap((f) => parseAllDocuments(readFileSync(join(dir, f), 'utf8')).map((d) => {
    if (d.errors.length) throw new Error(`${f}: ${d.errors[0].message}`);
    return d.toJS();
  }));
}
const ofKind = (kind: string) => k8sDocs().filter((d) => d.kind === kind);

/** The targets of infra/docker/Dockerfile: `FROM runtime AS <name>`, each copying its own deploy unit. */
function imageTargets(): string[] {
  const file = readFileSync(join(ROOT, 'infra', 'docker', 'Dockerfile'), 'utf8');
  return [...file.matchAll(/^FROM runtime AS ([a-z-]+)\nCOPY --from=unit-\1 --chown=node:node \/unit \/app$/gm)].map((m) => m[1]);
}

test('every service of the catalogue has an image target holding its deploy unit, and a compose service running it', () => {
  expect(imageTargets().sort()).toEqual([...SERVICES, 'admin'].sort());
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'));
  for (const name of SERVICES) {
    expect([name, compose.services[name]?.build?.target, compose.services[name]?.image, compose.services[name]?.command]).toEqual([name, name, `waybill-${name}:local`, undefined]);
  }
  expect(compose.services.seed.build.target).toBe('admin');
  for (const dep of ['postgres', 'rabbitmq', 'redis', 'otel-collector']) expect(Object.keys(compose.services)).toContain(dep);
});

test('every service has a Deployment with probes on its own port, resource limits and a Service', () => {
  const deployments = ofKind('Deployment');
  expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...SERVICES].sort());
  for (const d of deployments) {
    const [c] = d.spec.template.spec.containers;
    const entry = SERVICE_CATALOGUE.find((s) => s.name === d.metadata.name);
    const port = entry?.defaultPort ?? 8080;
    expect([d.metadata.name, c.ports[0].containerPort]).toEqual([d.metadata.name, port]);
    expect([d.metadata.name, c.image, c.command]).toEqual([d.metadata.name, `waybill-${d.metadata.name}:latest`, undefined]);
    expect(d.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(30);
    expect(c.env).toContainEqual({ name: entry?.portVar ?? 'PORT', value: String(port) });
    expect(c.livenessProbe.httpGet.path).toBe('/healthz');
    expect(c.readinessProbe.httpGet.path).toBe('/readyz');
    expect(c.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(c.resources.limits).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(c.envFrom).toEqual([{ configMapRef: { name: 'waybill-config' } }, { secretRef: { name: 'waybill-secrets' } }]);
  }
  expect(ofKind('Service').map((s) => s.metadata.name).sort()).toEqual([...SERVICES].sort());
  expect(ofKind('HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([...STATELESS].sort());
});

test('the ConfigMap gives every service the URL of every other, and migrations run as a Job', () => {
  const [config] = ofKind('ConfigMap');
  for (const s of SERVICE_CATALOGUE) expect(config.data[s.urlVar]).toBe(`http://${s.name}:${s.defaultPort}`);
  const [job] = ofKind('Job');
  expect([job.spec.template.spec.containers[0].image, job.spec.template.spec.containers[0].args]).toEqual(['waybill-admin:latest', ['migrate']]);
  expect(ofKind('Secret')[0].stringData).toEqual(expect.objectContaining({ DATABASE_URL: expect.any(String), INTERNAL_JWT_SECRET: expect.any(String) }));
});

test('the RabbitMQ definitions declare each durable queue with its retry and dead-letter queues', () => {
  const defs = JSON.parse(readFileSync(join(ROOT, 'infra', 'rabbitmq', 'definitions.json'), 'utf8'));
  expect(defs.exchanges.map((e: any) => [e.name, e.type, e.durable])).toEqual([['waybill.events', 'topic', true], ['waybill.events.dlx', 'direct', true]]);
  const queues = new Map<string, any>(defs.queues.map((q: any) => [q.name, q]));
  // The durable subscriptions of the services (exclusive per-replica queues are not declared).
  const consumers = {
    'consignment.labels-printed': ['documents.labels.printed'], 'consignment.manifest-failed': ['manifest.manifest.failed'],
    'webhook-dispatcher.tracking-events': ['tracking.tracking.updated', 'tracking.pod.retrieved', 'consignment.return.created'],
    'notifications.events': [
      'consignment.consignment.created', 'consignment.consignment.updated', 'consignment.consignment.allocated', 'consignment.consignment.unallocated',
      'consignment.consignment.cancelled', 'consignment.consignment.status_changed', 'tracking.tracking.updated',
    ],
  };
  for (const [q, keys] of Object.entries(consumers)) {
    expect(queues.get(q).arguments).toEqual({ 'x-dead-letter-exchange': 'waybill.events.dlx', 'x-dead-letter-routing-key': q });
    expect(queues.get(`${q}.retry`).arguments).toEqual({ 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': q });
    expect(queues.has(`${q}.dlq`)).toBe(true);
    const bound = defs.bindings.filter((b: any) => b.destination === q).map((b: any) => b.routing_key);
    expect(bound.sort()).toEqual([...keys].sort());
    expect(defs.bindings).toContainEqual(expect.objectContaining({ source: 'waybill.events.dlx', destination: `${q}.dlq`, routing_key: q }));
  }
  expect(queues.size).toBe(Object.keys(consumers).length * 3);
});
