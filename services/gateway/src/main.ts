import { env, loadConfigOrExit } from '@waybill/config';
import { runtimeFromEnv, stopOnSignal } from '@waybill/runtime';
import { startGateway } from './service';

/** Distributed mode: the gateway alone, routing to the service URLs (`<NAME>_URL`) from the environment. */
async function main(): Promise<void> {
  const rt = await runtimeFromEnv('gateway');
  const cfg = loadConfigOrExit({
    redisUrl: env.string('REDIS_URL'),
    rateLimitPerMinute: env.int('RATE_LIMIT_PER_MINUTE', 6000),
  });
  const svc = await startGateway(rt, { services: rt.peers, rateLimitPerMinute: cfg.rateLimitPerMinute, redisUrl: cfg.redisUrl });
  stopOnSignal(rt.logger, [svc], async () => {
    await rt.bus.close();
    await rt.jobs.close();
  });
}

void main().catch((err) => {
  process.stderr.write(`gateway failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
