import { env, loadConfigOrExit } from '@waybill/config';
import { runtimeFromEnv, stopOnSignal } from '@waybill/runtime';
import { startTrackingIngestService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
async function main(): Promise<void> {
  // Required here (not in every service): carrier secrets are stored sealed under this key.
  const cfg = loadConfigOrExit({ dataEncryptionKey: env.string('DATA_ENCRYPTION_KEY') });
  const rt = await runtimeFromEnv('tracking-ingest');
  const svc = await startTrackingIngestService({ ...rt, dataEncryptionKey: cfg.dataEncryptionKey });
  stopOnSignal(rt.logger, [svc], async () => {
    await rt.jobs.close();
    await rt.bus.close();
  });
}

void main().catch((err) => {
  process.stderr.write(`tracking-ingest service failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
