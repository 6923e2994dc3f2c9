import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { EventType, eventDataSchemaIds } from '@waybill/contracts';
import { createLogger } from '@waybill/logger';
import { metricsRegistry } from '@waybill/telemetry';
import { createApp } from './app';
import { mountHealth } from './health';
import { declareVersions, eventContract } from './versions';

describe('versions: what runs, on /healthz and as metric labels', () => {
  let dir: string;
  const saved = process.env.WAYBILL_COMMIT;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'versions-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: '@waybill/parcel-test', version: '3.4.5' }));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'build-info.json'), JSON.stringify({ commit: 'abc123def456' }));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    process.env.WAYBILL_COMMIT = saved;
  });

  test('/healthz names the version, the commit stamped by the build and each event contract', async () => {
    delete process.env.WAYBILL_COMMIT;
    declareVersions({ service: 'parcel-test', packageDir: dir, publishes: [EventType.ConsignmentCreated], consumes: [EventType.TrackingUpdated] });
    const app = createApp(createLogger('parcel-test'));
    mountHealth(app, {});
    const res = await request(app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok', service: 'parcel-test', version: '3.4.5', commit: 'abc123def456',
      publishes: [{ type: 'consignment.consignment.created', schema: eventDataSchemaIds[EventType.ConsignmentCreated], fingerprint: expect.stringMatching(/^[0-9a-f]{12}$/) }],
      consumes: [{ type: 'tracking.tracking.updated', schema: eventDataSchemaIds[EventType.TrackingUpdated], fingerprint: expect.stringMatching(/^[0-9a-f]{12}$/) }],
    });
    const metrics = await metricsRegistry.metrics();
    expect(metrics).toContain('waybill_service_info{service="parcel-test",version="3.4.5",commit="abc123def456"} 1');
    expect(metrics).toContain(`waybill_event_contract_info{service="parcel-test",direction="consumes",type="tracking.tracking.updated",schema="${eventDataSchemaIds[EventType.TrackingUpdated]}",fingerprint="${res.body.consumes[0].fingerprint}"} 1`);
  });

  test('WAYBILL_COMMIT (set by an image build) wins over the stamp', async () => {
    process.env.WAYBILL_COMMIT = 'from-image-build';
    expect(declareVersions({ service: 'parcel-test-2', packageDir: dir }).commit).toBe('from-image-build');
  });

  test('a fingerprint covers the schemas the data references: one event\'s differs from another\'s', () => {
    const created = eventContract(EventType.ConsignmentCreated);
    expect(eventContract(EventType.ConsignmentCreated)).toEqual(created);
    expect(eventContract(EventType.ConsignmentCancelled).fingerprint).not.toBe(created.fingerprint);
  });
});
