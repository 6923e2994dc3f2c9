import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomSecret, type DemoCredentials } from '@waybill/admin';
import type { StandaloneConfig } from './config';

/** The values the operator may supply, as the config read them (undefined when unset). */
const SUPPLIED = {
  apiToken: (c: StandaloneConfig) => c.apiToken,
  password: (c: StandaloneConfig) => c.password,
  deliveryOptionsKey: (c: StandaloneConfig) => c.deliveryOptionsKey,
  carrierSecret: (c: StandaloneConfig) => c.carrierSecret,
  internalJwtSecret: (c: StandaloneConfig) => c.internalJwtSecret,
  dataEncryptionKey: (c: StandaloneConfig) => c.dataEncryptionKey,
};

/**
 * Values the operator did not set are generated once and kept in DATA_DIR (mode 600), so a restart
 * prints and accepts the same credentials instead of piling up new ones.
 */
export function demoCredentials(cfg: StandaloneConfig): { creds: DemoCredentials; internalJwtSecret: string; dataEncryptionKey: string } {
  mkdirSync(cfg.dataDir, { recursive: true });
  const file = join(cfg.dataDir, 'demo-credentials.json');
  const saved: Partial<DemoCredentials> & { internalJwtSecret?: string; dataEncryptionKey?: string } = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const creds: DemoCredentials = {
    company: cfg.company,
    apiToken: cfg.apiToken ?? saved.apiToken ?? randomSecret(24),
    user: cfg.user,
    password: cfg.password ?? saved.password ?? randomSecret(12),
    deliveryOptionsKey: cfg.deliveryOptionsKey ?? saved.deliveryOptionsKey ?? randomSecret(24),
    carrierSecret: cfg.carrierSecret ?? saved.carrierSecret ?? randomSecret(24),
  };
  const internalJwtSecret = cfg.internalJwtSecret ?? saved.internalJwtSecret ?? randomSecret(32);
  // Seals secrets at rest (webhook signing secrets); losing it makes them unreadable, so it is kept.
  const dataEncryptionKey = cfg.dataEncryptionKey ?? saved.dataEncryptionKey ?? randomBytes(32).toString('base64');
  // Only what was generated is kept: a value the operator supplies stays in the operator's hands.
  const generated = Object.fromEntries(Object.entries({ ...creds, internalJwtSecret, dataEncryptionKey })
    .filter(([k]) => !(k in SUPPLIED) || SUPPLIED[k as keyof typeof SUPPLIED](cfg) === undefined));
  writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600 });
  return { creds, internalJwtSecret, dataEncryptionKey };
}

/**
 * Variables the services read themselves, set for this process when the operator left them unset:
 * the generated data key, and private webhook targets allowed (receivers on localhost are what a
 * local demo has; the distributed mode keeps the guard on unless told otherwise).
 */
export function serviceEnvDefaults(dataEncryptionKey: string, env: NodeJS.ProcessEnv = process.env): void {
  env.DATA_ENCRYPTION_KEY = dataEncryptionKey;
  if (!env.WEBHOOK_ALLOW_PRIVATE?.trim()) env.WEBHOOK_ALLOW_PRIVATE = '1';
}
