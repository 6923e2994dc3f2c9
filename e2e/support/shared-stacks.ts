import { ask, type BrokerLease } from './broker-client';
import { startStack, type Mode, type Stack } from './stack';

/**
 * A stack shared with the run's other suites (see CONTRIBUTING.md, "End-to-end stacks"): the same
 * processes, a company of this suite's own. What the suite sees of it: the public address and its
 * company's credentials (and in distributed mode the database and namespace, to watch events). It has no
 * processes to crash or carrier doubles to program: a suite that needs those starts its own `startStack`.
 */
export type SharedStack = Pick<Stack, 'mode' | 'baseUrl' | 'creds' | 'databaseUrl' | 'namespace' | 'stop'>;

/**
 * The run's stack of this mode and environment, with a fresh company seeded like the demo one. `stop()`
 * hands it back (the broker stops it when the run ends). Without the broker (a file run outside the e2e
 * project) or with UPDATE_SCREENSHOTS=1, a stack of its own with the demo company, stopped by `stop()`.
 */
export async function sharedStack(mode: Mode, env: Record<string, string> = {}): Promise<SharedStack> {
  // The documentation's screenshots show the demo company.
  const lease = process.env.UPDATE_SCREENSHOTS === '1' ? undefined : await ask<BrokerLease>('/lease', { mode, env });
  if (!lease) return startStack(mode, env);
  const { id, ...stack } = lease;
  return { ...stack, stop: async () => void (await ask('/release', { id })) };
}
