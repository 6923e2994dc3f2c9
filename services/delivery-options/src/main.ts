import { runtimeFromEnv, stopOnSignal } from '@waybill/runtime';
import { startDeliveryOptionsService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
async function main(): Promise<void> {
  const rt = await runtimeFromEnv('delivery-options');
  const svc = await startDeliveryOptionsService(rt);
  stopOnSignal(rt.logger, [svc], async () => {
    await rt.bus.close();
    await rt.jobs.close();
  });
}

void main().catch((err) => {
  process.stderr.write(`delivery-options service failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
