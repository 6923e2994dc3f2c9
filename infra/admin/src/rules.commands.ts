import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { ConsignmentAdmin } from '@waybill/consignment';
import { openDeliveryOptionsAdmin, type DeliveryOptionsAdmin } from '@waybill/delivery-options';
import type { DbTarget } from '@waybill/db';
import { catalogParts } from './catalog';
import { out, reported } from './output';
import { recordCliChange } from './audit';

type WithTarget = (fn: (target: DbTarget, cs: ConsignmentAdmin) => Promise<void>) => Promise<void>;

/** A rule body from `--json '<json>'` or `--file rule.json` (`-` reads standard input). */
function ruleBody(o: { json?: string; file?: string }): unknown {
  const text = o.json ?? (o.file === '-' ? readFileSync(0, 'utf8') : o.file ? readFileSync(o.file, 'utf8') : undefined);
  if (text === undefined) throw new Error('give the rule with --json or --file');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`rule: not JSON (${(err as Error).message})`);
  }
}

/**
 * `waybill rules …`: delivery rules and the allocation preference. Running services pick a change up
 * as soon as their outbox relay publishes the rules-changed event (they need not be restarted).
 */
export function registerRulesCommands(program: Command, withTarget: WithTarget): void {
  const rules = program.command('rules').description('delivery rules (delivery options and allocation by rules)');
  type RecordChange = (company: string, action: string, id: string | null) => Promise<void>;
  const withRules = (fn: (dor: DeliveryOptionsAdmin, cs: ConsignmentAdmin, record: RecordChange) => Promise<void>) => withTarget(async (target, cs) => {
    const dor = await openDeliveryOptionsAdmin(target);
    try {
      await fn(dor, cs, (company, action, id) => recordCliChange(target, company, action, id));
    } finally {
      await dor.close();
    }
  });
  const parts = async (cs: ConsignmentAdmin, company: string) => {
    const l = await cs.lookups(company);
    return catalogParts(company, l.carrierIds, l.warehouses);
  };

  rules.command('list <company>').description('list a company\'s rules in evaluation order')
    .action((c: string) => withRules(async (dor) => { out(await dor.listRules(c)); }));
  rules.command('add <company>').option('--json <json>', 'the rule as JSON').option('--file <path>', 'a JSON file with the rule (- for stdin)')
    .description('add a rule (see docs/api/delivery-options.md)')
    .action((c: string, o: { json?: string; file?: string }) => withRules(async (dor, cs, record) => {
      const body = ruleBody(o);
      const added = await reported(async () => dor.addRule(c, body, await parts(cs, c)));
      await record(c, 'delivery_rule.created', String((added as { id: unknown }).id));
      out(added);
    }));
  rules.command('update <company> <id>').option('--json <json>').option('--file <path>').description('replace a rule')
    .action((c: string, id: string, o: { json?: string; file?: string }) => withRules(async (dor, cs, record) => {
      const body = ruleBody(o);
      const replaced = await reported(async () => dor.replaceRule(c, id, body, await parts(cs, c)));
      await record(c, 'delivery_rule.replaced', id);
      out(replaced);
    }));
  rules.command('delete <company> <id>').description('delete a rule')
    .action((c: string, id: string) => withRules(async (dor, _cs, record) => {
      await reported(() => dor.removeRule(c, id));
      await record(c, 'delivery_rule.deleted', id);
      out({ deleted: id });
    }));
  rules.command('settings <company>').option('--preference <cheapest|fastest>', 'allocation preference').option('--currency <code>', 'currency of rule prices')
    .description('show or change the allocation preference and currency')
    .action((c: string, o: { preference?: string; currency?: string }) => withRules(async (dor, _cs, record) => {
      const change = { ...(o.preference && { allocation_preference: o.preference }), ...(o.currency && { currency: o.currency }) };
      const settings = await reported(() => (Object.keys(change).length ? dor.updateSettings(c, change) : dor.settings(c)));
      if (Object.keys(change).length) await record(c, 'delivery_settings.updated', null);
      out(settings);
    }));
}
