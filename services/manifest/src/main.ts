import { runtimeFromEnv, stopOnSignal } from '@waybill/runtime';
import { startManifestService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
async function main(): Promise<void> {
  const rt = await runtimeFromEnv('manifest');
  const svc = await startManifestService(rt);
  // The job workers stop first (waiting for running jobs), so no job starts against a closed database.
  const stopJobsFirst = { ...svc, stop: async () => { await rt.jobs.close(); await svc.stop(); } };
  stopOnSignal(rt.logger, [stopJobsFirst], async () => {
    await rt.bus.close();
  });
}

void main().catch((err) => {
  process.stderr.write(`manifest service failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
