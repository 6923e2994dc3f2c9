import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startStack, type Stack } from '@waybill/testing/stacks';

/** The shared local servers; a benchmark only ever talks to 127.0.0.1. */
const LOCAL_SERVERS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

/** Fills in the local servers' URLs where the environment does not name them. */
export function useLocalServers(): void {
  for (const [k, v] of Object.entries(LOCAL_SERVERS)) process.env[k] ||= v;
}

/**
 * The distributed mode exactly as the e2e suite starts it (fresh database, demo seed, every service its
 * own process, then the gateway), with the per-credential rate limit lifted: a load generator is one
 * credential, and being throttled would measure the limiter's window, not the platform.
 * With BENCH_CPU_PROF_DIR set, every process writes a V8 CPU profile there when it stops.
 */
export async function startDistributedStack(extraEnv: Record<string, string> = {}): Promise<Stack> {
  useLocalServers();
  return startStack('distributed', { RATE_LIMIT_PER_MINUTE: String(1e9), ...extraEnv, ...profilingEnv() });
}

/** With BENCH_CPU_PROF_DIR set, the environment that makes a process under test write a V8 CPU profile there when it stops. */
export function profilingEnv(): Record<string, string> {
  const profDir = process.env.BENCH_CPU_PROF_DIR;
  if (!profDir) return {};
  mkdirSync(profDir, { recursive: true });
  return { BENCH_CPU_PROF_DIR: resolve(profDir), NODE_OPTIONS: `--require ${join(__dirname, 'cpu-profile.cjs')}` };
}
