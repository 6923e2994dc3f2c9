import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ComposedMessage } from './message';

/** The mail server's refusal or an outage; `permanent` for a 5xx answer (trying again cannot help). */
export class MailRefused extends Error {
  constructor(readonly permanent: boolean, readonly detail: string) {
    super(detail);
  }
}

export interface Mailer {
  /** Hands one message to the server (or the demo's folder); resolves once it is accepted. */
  send(to: string, message: ComposedMessage): Promise<void>;
  /** Where messages go, for the start-up log: never credentials. */
  readonly describe: string;
  close(): void;
}

/** A refusal's words without any address in them: the server's code and its text with addresses cut out. */
function detailOf(err: { responseCode?: number; response?: string; code?: string; message?: string }): string {
  const words = (err.response ?? err.message ?? '').replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '<address>').slice(0, 200);
  if (!err.responseCode) return `${err.code ?? 'error'}: ${words}`.trim();
  return words.startsWith(String(err.responseCode)) ? words : `${err.responseCode} ${words}`.trim();
}

/** SMTP 5xx: refused for good. 4xx, a dropped connection or a timeout: try again later. */
export function classify(err: unknown): MailRefused {
  const e = (err ?? {}) as { responseCode?: number; response?: string; code?: string; message?: string };
  return new MailRefused(typeof e.responseCode === 'number' && e.responseCode >= 500, detailOf(e));
}

function toOptions(to: string, m: ComposedMessage) {
  return { from: m.from, to, replyTo: m.replyTo, subject: m.subject, text: m.text, html: m.html, headers: m.headers, messageId: m.messageId };
}

/** Through SMTP_URL (STARTTLS when the server offers it; smtps:// for implicit TLS), pooled connections. */
export function smtpMailer(url: string, timeoutMs: number): Mailer {
  const target = new URL(url);
  const transport: Transporter = nodemailer.createTransport({
    url, pool: true, maxConnections: 5, maxMessages: 500,
    connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs, logger: false, debug: false,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    describe: `${target.protocol}//${target.hostname}:${target.port || (target.protocol === 'smtps:' ? 465 : 587)}`,
    async send(to, message) {
      try {
        await transport.sendMail(toOptions(to, message));
      } catch (err) {
        throw classify(err);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * The demo (no SMTP_URL): nothing leaves the machine; each message is written whole, as the server
 * would get it, to `<dir>/<time>-<id>.eml`, which any mail program opens.
 */
export function fileMailer(dir: string): Mailer {
  const transport: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    describe: `files in ${dir}`,
    async send(to, message) {
      const info = await transport.sendMail(toOptions(to, message)) as unknown as { message: Buffer };
      await mkdir(dir, { recursive: true });
      const id = message.messageId.replace(/[<>]/g, '').split('@')[0];
      await writeFile(join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`), info.message, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}
