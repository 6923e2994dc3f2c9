import { createLogger } from '@waybill/logger';
import { seedDemo, serveAdminSocket } from '@waybill/admin';
import { startGateway } from '@waybill/gateway';
import type { RunningService, ServiceRuntime } from '@waybill/http';
import { stopOnSignal } from '@waybill/runtime';
import { initTracing } from '@waybill/telemetry';
import { standaloneConfig } from './config';
import { demoCredentials, serviceEnvDefaults } from './credentials';
import { openPlatform } from './platform';
import { printWelcome } from './welcome';
import { STARTERS } from './services';

/** `make run`: every service in one process, seeded with the demo company. */
async function main(): Promise<void> {
  const cfg = standaloneConfig();
  // One process holds every service: no process of an older release can be using the schemas, so an
  // upgrade's contract migrations run at once (docs/operations.md, "Upgrading").
  process.env.MIGRATE_CONTRACT ??= '1';
  initTracing('waybill');
  const logger = createLogger('waybill');
  const { creds, internalJwtSecret, dataEncryptionKey } = demoCredentials(cfg);
  serviceEnvDefaults(dataEncryptionKey);
  const platform = await openPlatform(cfg, logger);
  await seedDemo(platform.db, creds, { dataEncryptionKey });
  const peers: Record<string, string> = {};
  const base: Omit<ServiceRuntime, 'port'> = {
    db: platform.db, bus: platform.bus, jobs: platform.jobs, logger, internalJwtSecret, dataEncryptionKey, peers,
    publicBaseUrl: cfg.publicBaseUrl, defaultPublicUrl: cfg.publicBaseUrl ?? `http://localhost:${cfg.port}`, host: '127.0.0.1',
  };
  const running: RunningService[] = [];
  for (const s of STARTERS) {
    const svc = await s.start({ ...base, port: 0 });
    peers[s.name] = `http://127.0.0.1:${svc.port}`;
    running.push(svc);
  }
  running.push(await startGateway({ ...base, host: cfg.host, port: cfg.port }, {
    services: peers,
    rateLimitPerMinute: cfg.rateLimitPerMinute,
    redisUrl: cfg.redisUrl,
  }));
  // `waybill backup` reaches the embedded database through its owner, this process.
  const adminSocket = platform.db.kind === 'pglite' ? await serveAdminSocket(cfg.dataDir, platform.db) : undefined;
  stopOnSignal(logger, running, {
    before: () => platform.jobs.stopWorkers(),
    after: async () => {
      await adminSocket?.close();
      await platform.close();
    },
  });
  printWelcome(cfg, creds, platform.mode);
}

void main().catch((err) => {
  process.stderr.write(`waybill failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
