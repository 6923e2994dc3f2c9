import { Redis } from 'ioredis';
import { env, loadConfigOrExit } from '@waybill/config';
import { RedisTokenStore, TokenCache } from '@waybill/carriers';
import { runService } from '@waybill/runtime';
import { startCarrierLinkService } from './service';

/**
 * Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment.
 * Carrier access tokens live in Redis so every replica shares one token per account (and one token
 * request at a time); `CARRIER_BASE_URL_<CARRIER>` and `CARRIER_TIMEOUT_MS` are read by the adapters.
 */
runService('carrier-link', async (rt) => {
  // Required here (not in every service): carrier credentials are stored sealed under this key.
  const cfg = loadConfigOrExit({ dataEncryptionKey: env.string('DATA_ENCRYPTION_KEY'), redisUrl: env.string('REDIS_URL') });
  const redis = new Redis(cfg.redisUrl, { maxRetriesPerRequest: 2 });
  // ioredis reconnects by itself; meanwhile a call needing a new token fails (and says so) rather than hanging.
  redis.on('error', (err) => rt.logger.warn({ err }, 'carrier token store connection error'));
  // Under the installation's namespace, like its job keys, so parallel installations never share a token.
  const prefix = `${process.env.WAYBILL_NAMESPACE ? `waybill-${process.env.WAYBILL_NAMESPACE}` : 'waybill'}:carrier-token:`;
  const svc = await startCarrierLinkService({ ...rt, dataEncryptionKey: cfg.dataEncryptionKey }, { tokens: new TokenCache(new RedisTokenStore(redis, prefix)) });
  return {
    ...svc,
    stop: async () => {
      await svc.stop();
      await redis.quit().catch(() => undefined);
    },
  };
});
