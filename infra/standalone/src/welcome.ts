import type { DemoCredentials } from '@waybill/admin';
import type { StandaloneConfig } from './config';

/** What a new user needs to make a first call, printed once the gateway is listening. */
export function printWelcome(cfg: StandaloneConfig, c: DemoCredentials, mode: string): void {
  const url = cfg.publicBaseUrl ?? `http://localhost:${cfg.port}`;
  const lines = [
    '',
    `Waybill is running at ${url}  (${mode})`,
    `  API reference        ${url}/docs`,
    `  Consignments API     ${url}/_api/v1/company/${c.company}/`,
    `  Company              ${c.company}`,
    `  API token            ${c.apiToken}        (Authorization: token <API token>)`,
    `  Basic user           ${c.user} / ${c.password}`,
    `  Delivery-options key ${c.deliveryOptionsKey}`,
    `  Carrier secret       ${c.carrierSecret}`,
    `  Data directory       ${cfg.databaseUrl ? '(DATABASE_URL)' : cfg.dataDir}`,
    '',
    `Try: curl -H "Authorization: token ${c.apiToken}" ${url}/_api/v1/company/${c.company}/carriers`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
