import { ConfigError } from '@waybill/config';
import { runtimeFromEnv, stopOnSignal } from '@waybill/runtime';
import { startWebhookDispatcherService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
async function main(): Promise<void> {
  const rt = await runtimeFromEnv('webhook-dispatcher');
  const svc = await startWebhookDispatcherService(rt);
  stopOnSignal(rt.logger, [svc], async () => {
    await rt.bus.close();
    await rt.jobs.close();
  });
}

void main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`configuration error: ${err.message}\n`);
    process.exit(78);
  }
  process.stderr.write(`webhook dispatcher failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
