import { entries, serveDouble } from '../kit/serve';
import { RoyalMailDouble } from './royalmail.double';

/**
 * The Royal Mail double as a process: `RM_DOUBLE_PORT`, `RM_DOUBLE_ACCOUNTS` as comma-separated
 * `api_key:oba|private[:tracking_client_id:tracking_client_secret]`.
 */
const accounts = entries(process.env.RM_DOUBLE_ACCOUNTS, 2, 'RM_DOUBLE_ACCOUNTS').map(([apiKey, kind, clientId, clientSecret]) => ({
  apiKey, oba: kind === 'oba', ...(clientId && clientSecret ? { tracking: { clientId, clientSecret } } : {}),
}));
void serveDouble('Royal Mail', new RoyalMailDouble(accounts), Number(process.env.RM_DOUBLE_PORT ?? 0)).catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
