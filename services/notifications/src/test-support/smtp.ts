import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as accepted, with when it was accepted (ms since the epoch). */
export interface Received { to: string[]; raw: string; mail: ParsedMail; at: number }

/**
 * A real SMTP server on a free local port, started by the test: it keeps every message it accepts, and
 * can be told to refuse the next messages with a reply code (451: try later; 550: never).
 */
export class TestSmtpServer {
  readonly received: Received[] = [];
  private refusals: number[] = [];
  private server!: SMTPServer;
  port = 0;

  static async start(): Promise<TestSmtpServer> {
    const s = new TestSmtpServer();
    s.server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false, size: 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const code = s.refusals.shift();
          if (code) {
            const err = new Error(code >= 500 ? 'Mailbox unavailable' : 'Greylisted, try again later') as Error & { responseCode: number };
            err.responseCode = code;
            return callback(err);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then((mail) => {
            s.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, mail, at: Date.now() });
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', resolve));
    s.port = (s.server.server.address() as { port: number }).port;
    return s;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The next `n` messages are refused with `code`. */
  refuseNext(n: number, code: number): void {
    for (let i = 0; i < n; i++) this.refusals.push(code);
  }

  /** Messages to an address (the domain and, in practice, the mailbox are case-insensitive). */
  to(address: string): Received[] {
    return this.received.filter((r) => r.to.some((t) => t.toLowerCase() === address.toLowerCase()));
  }

  /** A header as it was sent (unfolded), by name. */
  static header(r: Received, name: string): string | undefined {
    const line = r.mail.headerLines.find((l) => l.key === name.toLowerCase())?.line;
    return line?.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
