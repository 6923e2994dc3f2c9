import type { Command } from 'commander';
import { out, reported } from './output';
import { recordCliChange } from './audit';
import { carriersOf, jsonOption, type WithTarget } from './service-aliases.commands';

/**
 * `waybill returns-policy get|set …`: the company's returns policy (the same object as `/returns-policy`,
 * docs/api/returns.md). `set` replaces it whole, checked as PUT /returns-policy checks it.
 */
export function registerReturnsPolicyCommands(program: Command, withTarget: WithTarget): void {
  const policy = program.command('returns-policy').description('the company\'s returns policy: window, reasons, countries, warehouse, service');
  policy.command('get <company>').description('print the company\'s returns policy')
    .action((c: string) => withTarget(async (_target, cs) => { out((await cs.returnsPolicy(c)).policy); }));
  policy.command('set <company>').option('--file <path>', 'the policy as JSON (- for standard input)').option('--json <json>', 'the policy itself')
    .description('replace the company\'s returns policy with the given one')
    .action((c: string, o: { file?: string; json?: string }) => withTarget(async (t, cs, key) => {
      const body = jsonOption(o, 'policy');
      const stored = await reported(async () => cs.replaceReturnsPolicy(c, body, await carriersOf(t, key, c)));
      await recordCliChange(t, c, 'returns_policy.replaced', null);
      out(stored);
    }));
}
