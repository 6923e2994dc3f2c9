import { ConfigError, env, loadConfig, type Reader } from '@waybill/config';

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function duration(name: string, fallback: string): Reader<number> {
  return (e) => {
    const raw = e[name]?.trim() || fallback;
    const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(raw);
    if (!m) throw new ConfigError(`environment variable ${name} must be a duration such as 500ms, 30s or 5m, got "${raw}"`);
    return Math.round(Number(m[1]) * UNITS[m[2] ?? 'ms']);
  };
}

/** `smtp://` or `smtps://`, with user and password in the URL when the server wants them. */
function smtpUrl(name: string): Reader<string | undefined> {
  return (e) => {
    const raw = e[name]?.trim();
    if (!raw) return undefined;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError(`environment variable ${name} must be a URL such as smtp://user:password@mail.example.com:587`);
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError(`environment variable ${name} must start with smtp:// or smtps://`);
    return raw;
  };
}

/** MAIL_FROM: `address` or `Name <address>`; required once e-mail leaves the machine. */
function mailFrom(e: Record<string, string | undefined>): string {
  const raw = e.MAIL_FROM?.trim();
  if (!raw) {
    if (e.SMTP_URL?.trim()) throw new ConfigError('environment variable MAIL_FROM is required with SMTP_URL (e.g. "Shipping <shipping@example.com>")');
    return 'Waybill demo <no-reply@waybill.invalid>';
  }
  if (!/^([^<>\r\n]*<)?[^\s@<>]+@[^\s@<>]+>?$/.test(raw)) throw new ConfigError(`environment variable MAIL_FROM must be an e-mail address, or "Name <address>", got "${raw}"`);
  return raw;
}

/**
 * The service's settings. The retry timings are variables so tests run a refusal's whole retry life in
 * a second; in production a refused message is tried again over about a day.
 */
export const notificationsConfigSpec = {
  smtpUrl: smtpUrl('SMTP_URL'),
  mailFrom: mailFrom as Reader<string>,
  /** Where the demo writes .eml files when there is no SMTP_URL: DATA_DIR/mail. */
  dataDir: env.string('DATA_DIR', './.data'),
  /** The `mailto:` of List-Unsubscribe; default the MAIL_FROM address. */
  unsubscribeMailto: env.optional('UNSUBSCRIBE_MAILTO'),
  attempts: env.int('NOTIFY_ATTEMPTS', 10),
  backoffMs: duration('NOTIFY_BACKOFF', '1m'),
  concurrency: env.int('NOTIFY_CONCURRENCY', 16),
  sendTimeoutMs: duration('NOTIFY_SEND_TIMEOUT', '30s'),
  /** How often e-mails decided but never queued (a crash between commit and enqueue) are queued again. */
  sweepIntervalMs: duration('NOTIFY_SWEEP_INTERVAL', '30s'),
};

export type NotificationsConfig = { [K in keyof typeof notificationsConfigSpec]: ReturnType<(typeof notificationsConfigSpec)[K]> };

export function notificationsConfig(source: Record<string, string | undefined> = process.env): Readonly<NotificationsConfig> {
  return loadConfig<NotificationsConfig>(notificationsConfigSpec, source);
}
