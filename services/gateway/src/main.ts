import { env, loadConfigOrExit } from '@waybill/config';
import { runService } from '@waybill/runtime';
import { startGateway } from './service';

/** Distributed mode: the gateway alone, routing to the service URLs (`<NAME>_URL`) from the environment. */
runService('gateway', (rt) => {
  const cfg = loadConfigOrExit({
    redisUrl: env.string('REDIS_URL'),
    rateLimitPerMinute: env.int('RATE_LIMIT_PER_MINUTE', 6000),
  });
  return startGateway(rt, { services: rt.peers, rateLimitPerMinute: cfg.rateLimitPerMinute, redisUrl: cfg.redisUrl });
});
