import { serveDouble } from '../kit/serve';
import { UpsDouble } from './ups.double';

/**
 * The UPS double as a process of its own (e2e stacks, drills, benchmarks): `UPS_DOUBLE_PORT` (0: any
 * free port) and `UPS_DOUBLE_CLIENTS`, comma-separated `client_id:client_secret:account_number`. Prints
 * `UPS double listening on <url>` once it answers. Faults and state over HTTP under `/__double/`.
 */
async function main(): Promise<void> {
  const clients = (process.env.UPS_DOUBLE_CLIENTS ?? '').split(',').filter(Boolean).map((c) => {
    const [clientId, clientSecret, accountNumber] = c.split(':');
    if (!clientId || !clientSecret || !accountNumber) throw new Error(`UPS_DOUBLE_CLIENTS entry "${c}" is not client_id:client_secret:account_number`);
    return { clientId, clientSecret, accountNumber };
  });
  await serveDouble('UPS', new UpsDouble({ clients }), Number(process.env.UPS_DOUBLE_PORT ?? 0));
}

void main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
