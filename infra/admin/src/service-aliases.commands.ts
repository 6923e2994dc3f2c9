import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { realCarrierAdapters, SANDBOX_PROFILES, type RegisteredCarrier } from '@waybill/carriers';
import type { ConsignmentAdmin } from '@waybill/consignment';
import { openCarrierLinkAdmin } from '@waybill/carrier-link';
import type { DbTarget } from '@waybill/db';
import { out, reported } from './output';
import { recordCliChange } from './audit';

export type WithTarget = (fn: (target: DbTarget, cs: ConsignmentAdmin, dataEncryptionKey: string | null) => Promise<void>) => Promise<void>;

/** A JSON object from `--file` (`-` reads standard input) or `--json`; `what` names it in errors. */
export function jsonOption(o: { json?: string; file?: string }, what = 'aliases'): unknown {
  const text = o.json ?? (o.file === '-' ? readFileSync(0, 'utf8') : o.file ? readFileSync(o.file, 'utf8') : undefined);
  if (text === undefined) throw new Error(`give the ${what} with --file or --json`);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${what}: not JSON (${(err as Error).message})`);
  }
}

/**
 * The carriers needing no account (the sandbox ones) and the company's enabled account carriers
 * (carrier-link's accounts; null when they cannot be read without the key).
 */
export async function carriersOf(target: DbTarget, key: string | null, company: string): Promise<{ withoutAccount: RegisteredCarrier[]; accounts: RegisteredCarrier[] | null }> {
  return { withoutAccount: [...SANDBOX_PROFILES], accounts: await accountCarriersOf(target, key, company) };
}

async function accountCarriersOf(target: DbTarget, key: string | null, company: string): Promise<RegisteredCarrier[] | null> {
  if (!key) return null;
  process.env.LOG_LEVEL ??= 'error';
  const admin = await openCarrierLinkAdmin(target, key, { publicUrl: process.env.PUBLIC_BASE_URL || undefined });
  try {
    const enabled = new Set((await admin.list(company)).filter((a) => a.enabled).map((a) => a.carrier));
    return realCarrierAdapters({ trackingBaseUrl: 'http://localhost:8080' }).filter((a) => enabled.has(a.identifier));
  } finally {
    await admin.close();
  }
}

/**
 * `waybill service-aliases …`: the literals an integration moving from another platform sends as
 * `service_id` or `carrier`, each read as one of the company's services (the same map as
 * `/service-aliases`). Running services apply a change within 5 seconds.
 */
export function registerServiceAliasCommands(program: Command, withTarget: WithTarget): void {
  const aliases = program.command('service-aliases').description('old service_id and carrier literals read as the company\'s services');
  aliases.command('list <company>').description('print the company\'s aliases as {"<literal>": "<service_id>"}')
    .action((c: string) => withTarget(async (_target, cs) => { out(await cs.serviceAliases(c)); }));
  aliases.command('set <company> <literal> <service_id>').description('add one alias, or point an existing one (matched ignoring case) elsewhere')
    .action((c: string, literal: string, target: string) => withTarget(async (t, cs, key) => {
      const current = await cs.serviceAliases(c);
      const others = Object.fromEntries(Object.entries(current).filter(([k]) => k.trim().toLowerCase() !== literal.trim().toLowerCase()));
      const stored = await reported(async () => cs.replaceServiceAliases(c, { ...others, [literal]: target }, await carriersOf(t, key, c)));
      await recordCliChange(t, c, 'service_aliases.replaced', null);
      out(stored);
    }));
  aliases.command('import <company>').option('--file <path>', 'a JSON object {"<literal>": "<service_id>"} (- for standard input)').option('--json <json>', 'the object itself')
    .description('replace every alias of the company with the given map ({} removes them all)')
    .action((c: string, o: { file?: string; json?: string }) => withTarget(async (t, cs, key) => {
      const map = jsonOption(o);
      const stored = await reported(async () => cs.replaceServiceAliases(c, map, await carriersOf(t, key, c)));
      await recordCliChange(t, c, 'service_aliases.replaced', null);
      out(stored);
    }));
}
