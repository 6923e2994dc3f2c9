import { entries, serveDouble } from '../kit/serve';
import { DhlExpressDouble } from './dhl.double';

/** The DHL Express double as a process: `DHL_DOUBLE_PORT`, `DHL_DOUBLE_ACCOUNTS` as comma-separated `api_key:api_secret:account_number`. */
const accounts = entries(process.env.DHL_DOUBLE_ACCOUNTS, 3, 'DHL_DOUBLE_ACCOUNTS').map(([apiKey, apiSecret, accountNumber]) => ({ apiKey, apiSecret, accountNumber }));
void serveDouble('DHL Express', new DhlExpressDouble(accounts), Number(process.env.DHL_DOUBLE_PORT ?? 0)).catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
