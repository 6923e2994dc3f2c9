import type { DemoCredentials } from '@waybill/admin';
import type { StandaloneConfig } from './config';

/** The variable each printed credential comes from when the operator sets it (docs/demo.md). */
export const CREDENTIAL_VARIABLES = {
  apiToken: 'DEMO_API_TOKEN', user: 'DEMO_USER', password: 'DEMO_PASSWORD',
  deliveryOptionsKey: 'DEMO_DELIVERY_OPTIONS_KEY', carrierSecret: 'DEMO_CARRIER_SECRET',
} as const satisfies Partial<Record<keyof DemoCredentials, string>>;

type Shown = keyof typeof CREDENTIAL_VARIABLES;

/** Whether the operator supplied the value (then it is never printed: whoever set it knows it). */
export function fromEnvironment(field: Shown, env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env[CREDENTIAL_VARIABLES[field]]?.trim());
}

/** What a new user needs to make a first call: generated values in full, supplied ones by their variable. */
export function welcomeText(cfg: StandaloneConfig, c: DemoCredentials, mode: string, env: NodeJS.ProcessEnv = process.env): string {
  const url = cfg.publicBaseUrl ?? `http://localhost:${cfg.port}`;
  const show = (field: Shown) => (fromEnvironment(field, env) ? `(from ${CREDENTIAL_VARIABLES[field]})` : c[field]);
  const token = fromEnvironment('apiToken', env) ? `$${CREDENTIAL_VARIABLES.apiToken}` : c.apiToken;
  const lines = [
    '',
    `Waybill is running at ${url}  (${mode})`,
    `  API reference        ${url}/docs`,
    `  Consignments API     ${url}/_api/v1/company/${c.company}/`,
    `  Company              ${c.company}`,
    `  API token            ${show('apiToken')}        (Authorization: token <API token>)`,
    `  Basic user           ${show('user')} / ${show('password')}`,
    `  Delivery-options key ${show('deliveryOptionsKey')}`,
    `  Carrier secret       ${show('carrierSecret')}`,
    `  Data directory       ${cfg.databaseUrl ? '(DATABASE_URL)' : cfg.dataDir}`,
    '',
    `Try: curl -H "Authorization: token ${token}" ${url}/_api/v1/company/${c.company}/carriers`,
    '',
  ];
  return lines.join('\n') + '\n';
}

/** Printed once the gateway is listening. */
export function printWelcome(cfg: StandaloneConfig, c: DemoCredentials, mode: string): void {
  process.stdout.write(welcomeText(cfg, c, mode));
}
