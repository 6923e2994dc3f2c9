import { env, loadConfigOrExit } from '@waybill/config';

/** The demo's variables (docs/demo.md). The server URLs switch the same process to real servers. */
export function standaloneConfig() {
  return loadConfigOrExit({
    port: env.int('PORT', 8080),
    host: env.string('HOST', '0.0.0.0'),
    dataDir: env.string('DATA_DIR', './.data'),
    company: env.string('DEMO_COMPANY_SLUG', 'demo-co'),
    apiToken: env.optional('DEMO_API_TOKEN'),
    user: env.string('DEMO_USER', 'demo'),
    password: env.optional('DEMO_PASSWORD'),
    deliveryOptionsKey: env.optional('DEMO_DELIVERY_OPTIONS_KEY'),
    carrierSecret: env.optional('DEMO_CARRIER_SECRET'),
    publicBaseUrl: env.optional('PUBLIC_BASE_URL'),
    rateLimitPerMinute: env.int('RATE_LIMIT_PER_MINUTE', 6000),
    databaseUrl: env.optional('DATABASE_URL'),
    amqpUrl: env.optional('AMQP_URL'),
    redisUrl: env.optional('REDIS_URL'),
    internalJwtSecret: env.optional('INTERNAL_JWT_SECRET'),
    dataEncryptionKey: env.optional('DATA_ENCRYPTION_KEY'),
  });
}
export type StandaloneConfig = ReturnType<typeof standaloneConfig>;
