import { Command } from 'commander';
import { SANDBOX_PROFILES } from '@waybill/carriers';
import { openGatewayAdmin, type GatewayAdmin } from '@waybill/gateway';
import { openConsignmentAdmin, type ConsignmentAdmin } from '@waybill/consignment';
import { openTrackingAdmin } from '@waybill/tracking-ingest';
import { openNotificationsAdmin } from '@waybill/notifications';
import { openDocumentsAdmin } from '@waybill/documents';
import type { DbTarget } from '@waybill/db';
import { ensureDatabase, openTarget } from './target';
import { registerRulesCommands } from './rules.commands';
import { registerRateSheetCommands } from './rate-sheets.commands';
import { registerCarrierAccountCommands } from './carrier-accounts.commands';
import { registerServiceAliasCommands, type WithTarget } from './service-aliases.commands';
import { registerReturnsPolicyCommands } from './returns-policy.commands';
import { registerBackupCommands } from './backup.commands';
import { randomSecret, seedDemo } from './seed';
import { encryptionKeyFor } from './encryption-key';
import { migrateAll, pendingAll } from './migrate';
import { cliActor, recordCliChange } from './audit';

/**
 * `pnpm waybill …`: operator commands. With the one-process demo, stop it first (PGlite has a single
 * writer); with DATABASE_URL the services may keep running.
 */
const program = new Command('waybill')
  .description('Waybill administration')
  .option('--database-url <url>', 'Postgres URL (default: $DATABASE_URL)')
  .option('--data-dir <dir>', 'embedded database folder of the demo (default: $DATA_DIR or ./.data)');

async function withAdmins(fn: (gw: GatewayAdmin, cs: ConsignmentAdmin) => Promise<void>): Promise<void> {
  const t = await openTarget(program.opts());
  const gw = await openGatewayAdmin(t.target, { auditActor: cliActor() });
  const cs = await openConsignmentAdmin(t.target);
  try {
    await fn(gw, cs);
  } finally {
    await gw.close();
    await cs.close();
    await t.close();
  }
}

const out = (v: unknown): void => {
  process.stdout.write(`${JSON.stringify(v, null, 2)}\n`);
};

const company = program.command('company').description('companies');
company.command('create <slug>').option('--name <name>', 'display name').description('create a company (idempotent)')
  .action((slug: string, o: { name?: string }) => withAdmins(async (gw, cs) => {
    if (!/^[a-z0-9][a-z0-9-]{1,62}$/.test(slug)) throw new Error('slug: lowercase letters, digits and dashes, 2 to 63 characters');
    await gw.createCompany(slug, o.name ?? slug);
    await cs.configureCompany(slug, {});
    out({ company: slug });
  }));
company.command('configure <slug>').option('--tracking', 'enable tracking statuses').option('--extra-custom-fields', 'enable custom_field_3..5')
  .action((slug: string, o: { tracking?: boolean; extraCustomFields?: boolean }) => withAdmins(async (_gw, cs) => {
    await cs.configureCompany(slug, { trackingEnabled: Boolean(o.tracking), extraCustomFields: Boolean(o.extraCustomFields) });
    out({ company: slug, tracking_enabled: Boolean(o.tracking), extra_custom_fields: Boolean(o.extraCustomFields) });
  }));

program.command('user <company> <username>').requiredOption('--password <password>').description('create a Basic user or reset its password')
  .action((c: string, u: string, o: { password: string }) => withAdmins(async (gw) => {
    if (o.password.length < 8) throw new Error('password: at least 8 characters');
    await gw.setUser(c, u, o.password);
    out({ company: c, username: u });
  }));

const token = program.command('token').description('API tokens');
token.command('create <company>').option('--label <label>', 'what the token is for', 'api token')
  .action((c: string, o: { label: string }) => withAdmins(async (gw) => { out(await gw.addApiToken(c, o.label)); }));
token.command('revoke <id>').action((id: string) => withAdmins(async (gw) => { out({ revoked: await gw.revokeApiToken(id) }); }));

program.command('delivery-key <company>').option('--label <label>', 'what the key is for', 'delivery-options key').description('create a delivery-options API key')
  .action((c: string, o: { label: string }) => withAdmins(async (gw) => { out(await gw.addDeliveryOptionsKey(c, o.label)); }));

program.command('warehouse <company> <name>').description('add or update a warehouse')
  .requiredOption('--address1 <line>').requiredOption('--city <city>').requiredOption('--postcode <postcode>')
  .requiredOption('--country <country>', 'alpha-2 or alpha-3 code, or English name (IE, IRL, Ireland)')
  .option('--company-name <name>').option('--timezone <tz>', 'IANA time zone', 'Europe/London').option('--default', 'make it the default origin')
  .option('--cutoff <HH:MM>', 'daily collection cutoff, local time: bookings after it ship the next working day (DHL Express)')
  .action((c: string, name: string, o: Record<string, string | boolean | undefined>) => withAdmins(async (_gw, cs) => {
    const country = String(o.country);
    await cs.addWarehouse(c, {
      name, timezone: String(o.timezone), isDefault: Boolean(o.default), cutoff: (o.cutoff as string | undefined) ?? null,
      address: { company_name: (o.companyName as string) ?? null, address1: String(o.address1), city: String(o.city), postcode: String(o.postcode), country },
    });
    out({ identifier: `${c}|${name}` });
  }));

program.command('sender <company>').description("the company's sender contact: printed on labels and invoices, and sent to real carriers with each booking")
  .option('--name <name>').option('--email <email>').option('--phone <phone>', 'DHL Express needs one on every shipment, UPS on international ones')
  .option('--eori <eori>', 'EORI number, for customs')
  .action(async (c: string, o: { name?: string; email?: string; phone?: string; eori?: string }) => {
    const t = await openTarget(program.opts());
    const docs = await openDocumentsAdmin(t.target);
    try {
      const given = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { name?: string; email?: string; phone?: string; eori?: string };
      await docs.configureCompany(c, { contact: given });
      out({ company: c, ...given });
    } finally {
      await docs.close();
      await t.close();
    }
  });

program.command('carrier <company> <carrier_id>').description('enable a carrier for a company')
  .action((c: string, id: string) => withAdmins(async (_gw, cs) => {
    if (!SANDBOX_PROFILES.some((p) => p.identifier === id)) throw new Error(`carrier_id: unknown carrier "${id}"`);
    await cs.enableCarrier(c, id);
    out({ company: c, carrier_id: id });
  }));

program.command('carrier-secret <carrier_id>').option('--secret <secret>', 'the secret to set (default: a new random one)')
  .description("set the secret a carrier signs its tracking pushes with (x-waybill-signature); printed once")
  .action(async (id: string, o: { secret?: string }) => {
    if (!SANDBOX_PROFILES.some((p) => p.identifier === id)) throw new Error(`carrier_id: unknown carrier "${id}"`);
    if (o.secret !== undefined && o.secret.length < 16) throw new Error('secret: at least 16 characters');
    const key = encryptionKeyFor(program.opts());
    const t = await openTarget(program.opts());
    const tr = await openTrackingAdmin(t.target, key);
    const secret = o.secret ?? randomSecret(24);
    try {
      await tr.setCarrierSecret(id, secret);
    } finally {
      await tr.close();
      await t.close();
    }
    out({ carrier_id: id, secret });
  });

program.command('tracking-page <company>')
  .description("show or change the look of the company's recipient tracking pages (an empty value clears a field)")
  .option('--display-name <name>', "the shop's name as recipients know it").option('--logo-url <url>', 'https URL of the logo')
  .option('--accent-colour <#rrggbb>', 'colour of the header and progress line').option('--support-email <address>', 'where recipients can write')
  .action(async (c: string, o: { displayName?: string; logoUrl?: string; accentColour?: string; supportEmail?: string }) => {
    const changes = Object.fromEntries(Object.entries({ display_name: o.displayName, logo_url: o.logoUrl, accent_colour: o.accentColour, support_email: o.supportEmail })
      .filter(([, v]) => v !== undefined)) as Record<string, string>;
    const t = await openTarget(program.opts());
    const tr = await openTrackingAdmin(t.target);
    try {
      out(await tr.trackingPage(c, Object.keys(changes).length ? changes : undefined));
      if (Object.keys(changes).length) await recordCliChange(t.target, c, 'branding.updated', null);
    } finally {
      await tr.close();
      await t.close();
    }
  });

program.command('notifications <company>')
  .description("show or change the company's shipping e-mails to recipients (an empty --from-name or --reply-to clears it)")
  .option('--enable', 'send shipping e-mails').option('--disable', 'send none')
  .option('--events <list>', 'comma-separated: despatched, out_for_delivery, delivered, exception, return_created')
  .option('--from-name <name>', "the sender's display name").option('--reply-to <address>', "where recipients' replies go")
  .action(async (c: string, o: { enable?: boolean; disable?: boolean; events?: string; fromName?: string; replyTo?: string }) => {
    if (o.enable && o.disable) throw new Error('--enable and --disable: choose one');
    const changes: Record<string, unknown> = {};
    if (o.enable || o.disable) changes.enabled = Boolean(o.enable);
    if (o.events !== undefined) changes.events = o.events.split(',').map((e) => e.trim()).filter(Boolean);
    if (o.fromName !== undefined) changes.from_name = o.fromName;
    if (o.replyTo !== undefined) changes.reply_to = o.replyTo;
    const t = await openTarget(program.opts());
    const admin = await openNotificationsAdmin(t.target);
    try {
      out(await admin.settings(c, Object.keys(changes).length ? changes : undefined));
      if (Object.keys(changes).length) await recordCliChange(t.target, c, 'notification_settings.updated', null);
    } finally {
      await admin.close();
      await t.close();
    }
  });

program.command('carriers').description('list the carriers this deployment knows')
  .action(() => out(SANDBOX_PROFILES.map((p) => ({ identifier: p.identifier, name: p.name, services: p.services.map((s) => s.name) }))));

program.command('seed').description('create or refresh the demo company from the DEMO_* variables (docs/demo.md)')
  .option('--create-database', 'create the database of --database-url first if it does not exist')
  .action(async (o: { createDatabase?: boolean }) => {
    const url = program.opts().databaseUrl ?? process.env.DATABASE_URL;
    if (o.createDatabase && url) await ensureDatabase(url);
    const keys = { dataEncryptionKey: encryptionKeyFor(program.opts()) };
    const t = await openTarget(program.opts());
    const e = process.env;
    const creds = {
      company: e.DEMO_COMPANY_SLUG || 'demo-co', apiToken: e.DEMO_API_TOKEN || randomSecret(24), user: e.DEMO_USER || 'demo',
      password: e.DEMO_PASSWORD || randomSecret(12), deliveryOptionsKey: e.DEMO_DELIVERY_OPTIONS_KEY || randomSecret(24),
      carrierSecret: e.DEMO_CARRIER_SECRET || randomSecret(24),
    };
    try {
      await seedDemo(t.target, creds, keys);
    } finally {
      await t.close();
    }
    out(creds);
  });

/** The database and the consignment service's data (what a company ships with), for the delivery-options commands. */
async function withConsignmentData(fn: (target: DbTarget, cs: ConsignmentAdmin) => Promise<void>): Promise<void> {
  const t = await openTarget(program.opts());
  const cs = await openConsignmentAdmin(t.target);
  try {
    await fn(t.target, cs);
  } finally {
    await cs.close();
    await t.close();
  }
}

registerRulesCommands(program, withConsignmentData);
registerRateSheetCommands(program, withConsignmentData);

registerCarrierAccountCommands(program, async (fn) => {
  const key = encryptionKeyFor(program.opts());
  const t = await openTarget(program.opts());
  try {
    await fn(t.target, key);
  } finally {
    await t.close();
  }
});

/** The consignment service's admin on the chosen database, with the encryption key where it is set. */
const withConsignmentAdmin: WithTarget = async (fn) => {
  const opts = program.opts<{ databaseUrl?: string; dataDir?: string }>();
  let key: string | null = null;
  try {
    key = encryptionKeyFor(opts);
  } catch {
    // Without the key only the sandbox services can be checked; the command says so when it matters.
  }
  const t = await openTarget(opts);
  const cs = await openConsignmentAdmin(t.target);
  try {
    await fn(t.target, cs, key);
  } finally {
    await cs.close();
    await t.close();
  }
};
registerServiceAliasCommands(program, withConsignmentAdmin);
registerReturnsPolicyCommands(program, withConsignmentAdmin);

program.command('migrate').option('--create-database', 'create the database first when it does not exist')
  .option('--check', 'apply nothing: list the pending migrations per schema, and exit 1 when there are some')
  .option('--contract', 'apply the contract migrations too: run once no process of the previous release runs')
  .description('apply every service\'s migrations without starting services (run before a rollout; --contract after it)')
  .action(async (o: { createDatabase?: boolean; check?: boolean; contract?: boolean }) => {
    const opts = program.opts<{ databaseUrl?: string; dataDir?: string }>();
    const url = opts.databaseUrl ?? process.env.DATABASE_URL;
    if (o.createDatabase && url && !o.check) await ensureDatabase(url);
    const t = await openTarget(opts);
    try {
      if (o.check) {
        // Contract migrations wait for the end of a rollout by design: listed, but not a reason to fail the check.
        const { pending, contract } = await pendingAll(t.target);
        out({ pending, contract });
        if (Object.keys(pending).length > 0) process.exitCode = 1;
        return;
      }
      out({ migrated: await migrateAll(t.target, { contract: o.contract === true }), contract: o.contract === true });
    } finally {
      await t.close();
    }
  });

registerBackupCommands(program);

program.parseAsync().catch((err: Error) => {
  process.stderr.write(`waybill: ${err.message}\n`);
  process.exit(1);
});
