import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { realCarrierDeclarations } from '@waybill/carriers';
import { openCarrierLinkAdmin, type CarrierLinkAdmin } from '@waybill/carrier-link';
import type { DbTarget } from '@waybill/db';
import { out, reported } from './output';
import { recordCliChange } from './audit';

type WithTarget = (fn: (target: DbTarget, dataEncryptionKey: string) => Promise<void>) => Promise<void>;

/** `--credential key=value`, repeatable: collected into one object (a value may itself hold `=`). */
function collect(pair: string, all: Record<string, string> = {}): Record<string, string> {
  const at = pair.indexOf('=');
  if (at <= 0) throw new Error(`--credential takes key=value, not "${pair}"`);
  return { ...all, [pair.slice(0, at)]: pair.slice(at + 1) };
}

/** Credentials from `--credentials-file` (a JSON object; `-` reads standard input, keeping secrets out of the shell history) and `--credential`. */
function credentialsOf(o: { credential?: Record<string, string>; credentialsFile?: string }): Record<string, unknown> | undefined {
  if (!o.credentialsFile) return o.credential;
  const text = readFileSync(o.credentialsFile === '-' ? 0 : o.credentialsFile, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`credentials: not JSON (${(err as Error).message})`);
  }
  return { ...(parsed as Record<string, unknown>), ...o.credential };
}

/** Each carrier's keys, from its adapter's declaration: the help of `add`. */
function keysHelp(): string {
  return realCarrierDeclarations().map((c) => `  ${c.carrier} (${c.name}): ${c.keys.map((k) => `${k.name}${k.required ? '' : ' (optional)'}`).join(', ')}`
    + `; label formats ${c.booking_label_formats.join(', ')}`).join('\n');
}

/**
 * `waybill carrier-accounts …`: a company's accounts with real carriers (docs/api/carrier-accounts.md), the same
 * accounts as `/carrier-accounts` (carrier-link's own functions on its schema). Credentials are sealed
 * with DATA_ENCRYPTION_KEY (the services' key) and printed masked only.
 */
export function registerCarrierAccountCommands(program: Command, withTarget: WithTarget): void {
  const carriers = realCarrierDeclarations();
  const accounts = program.command('carrier-accounts').description(`a company's accounts with real carriers (${carriers.map((c) => c.name).join(', ')})`);
  type RecordChange = (company: string, action: string, id: string) => Promise<void>;
  const withAdmin = (fn: (admin: CarrierLinkAdmin, record: RecordChange) => Promise<void>) => withTarget(async (target, key) => {
    // Standard output is the command's JSON answer: the carrier client's call logs stay out of it unless asked for.
    process.env.LOG_LEVEL ??= 'error';
    const admin = await openCarrierLinkAdmin(target, key, { publicUrl: process.env.PUBLIC_BASE_URL || undefined });
    try {
      await fn(admin, (company, action, id) => recordCliChange(target, company, action, id));
    } finally {
      await admin.close();
    }
  });

  accounts.command('add <company>').requiredOption('--carrier <carrier>', `the carrier: ${carriers.map((c) => c.carrier).join(', ')}`)
    .requiredOption('--name <name>', 'what the account is called').option('--live', "use the carrier's production host (default: its test host)")
    .option('--disabled', 'add it disabled').option('--label-format <pdf|zpl>', 'the format labels are booked in')
    .option('--credential <key=value>', 'one credential, repeatable', collect)
    .option('--credentials-file <path>', 'a JSON object of credentials (- for standard input)')
    .description('add an account: prints it masked, with the webhook credentials for the carrier in full this once')
    .addHelpText('after', `\nCredential keys by carrier:\n${keysHelp()}`)
    .action((c: string, o: { carrier: string; name: string; live?: boolean; disabled?: boolean; labelFormat?: string; credential?: Record<string, string>; credentialsFile?: string }) =>
      withAdmin(async (admin, record) => {
        const body = {
          carrier: o.carrier, name: o.name, test_mode: !o.live, enabled: !o.disabled, credentials: credentialsOf(o) ?? {},
          ...(o.labelFormat && { booking_label_format: o.labelFormat }),
        };
        const added = await reported(() => admin.add(c, body));
        await record(c, 'carrier_account.created', added.identifier);
        out(added);
      }));
  accounts.command('list <company>').description("list a company's accounts, credentials masked")
    .action((c: string) => withAdmin(async (admin) => { out(await admin.list(c)); }));
  accounts.command('check <company> <id>').description('one authenticated call to the carrier: {"ok": true} or {"ok": false, "detail"}')
    .action((c: string, id: string) => withAdmin(async (admin) => { out(await reported(() => admin.check(c, id))); }));
  accounts.command('disable <company> <id>').option('--enable', 'enable it again instead')
    .description("withdraw the carrier's services from the company, keeping the account")
    .action((c: string, id: string, o: { enable?: boolean }) => withAdmin(async (admin, record) => {
      const updated = await reported(() => admin.update(c, id, { enabled: !!o.enable }));
      await record(c, 'carrier_account.updated', id);
      out(updated);
    }));
  accounts.command('remove <company> <id>').description('delete an account (its consignments stay readable and cancellable)')
    .action((c: string, id: string) => withAdmin(async (admin, record) => {
      await reported(() => admin.remove(c, id));
      await record(c, 'carrier_account.deleted', id);
      out({ removed: id });
    }));
  accounts.command('keys').description("each carrier's credential keys, as its adapter declares them")
    .action(() => out(realCarrierDeclarations()));
}
