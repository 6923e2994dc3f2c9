import { runtimeFromEnv, stopOnSignal } from '@waybill/runtime';
import { startDocumentsService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
async function main(): Promise<void> {
  const rt = await runtimeFromEnv('documents');
  const svc = await startDocumentsService(rt);
  stopOnSignal(rt.logger, [svc], async () => {
    await rt.bus.close();
    await rt.jobs.close();
  });
}

void main().catch((err) => {
  process.stderr.write(`documents service failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
