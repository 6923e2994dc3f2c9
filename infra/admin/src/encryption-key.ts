import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_ENCRYPTION_KEY for commands that store sealed secrets: the variable, else (for the one-process
 * demo's storage) the key the demo generated and kept in DATA_DIR/demo-credentials.json.
 */
export function encryptionKeyFor(opts: { databaseUrl?: string; dataDir?: string }): string {
  const fromEnv = process.env.DATA_ENCRYPTION_KEY?.trim();
  if (fromEnv) return fromEnv;
  if (!(opts.databaseUrl ?? process.env.DATABASE_URL)) {
    const file = join(opts.dataDir ?? process.env.DATA_DIR ?? './.data', 'demo-credentials.json');
    const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { dataEncryptionKey?: string }) : {};
    if (saved.dataEncryptionKey) return saved.dataEncryptionKey;
  }
  throw new Error('DATA_ENCRYPTION_KEY is not set (the key carrier secrets are sealed with; the same value the services use)');
}
