import net from 'node:net';
import { randomInt } from 'node:crypto';

export interface RawResponse {
  status: number;
  /** Response header lines, lower-cased names. */
  headers: Record<string, string>;
  head: string;
  text: string;
  /** The body parsed as JSON, or undefined. */
  json: any;
}

export interface RawRequest {
  method: string;
  path: string;
  /** Header lines exactly as sent: CR, LF and NUL are not filtered, as fetch would. */
  headers?: string[];
  /** A body sent with its Content-Length, or chunks sent with Transfer-Encoding: chunked. */
  body?: string | Buffer;
  chunks?: Iterable<Buffer>;
  /** A loopback source address, so a test owns its own per-address budgets. */
  from?: string;
}

/** A loopback address of its own (127.0.0.0/8 all reaches the local host). */
export function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;
}

/**
 * One HTTP/1.1 exchange over a bare socket, `Connection: close`. The server may answer before the
 * body is all sent (a 413, a 431) and close: whatever it answered is returned, write errors ignored.
 */
export function rawRequest(baseUrl: string, r: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const lines = [`${r.method} ${r.path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close', ...(r.headers ?? [])];
  if (r.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(r.body)}`);
  if (r.chunks) lines.push('Transfer-Encoding: chunked');
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: r.from });
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(parse(Buffer.concat(received).toString('utf8'))));
    socket.on('connect', async () => {
      const write = (b: string | Buffer) => new Promise<void>((done) => (socket.destroyed ? done() : socket.write(b, () => done())));
      await write(`${lines.join('\r\n')}\r\n\r\n`);
      if (r.body !== undefined) await write(r.body);
      for (const chunk of r.chunks ?? []) {
        if (socket.destroyed) break;
        await write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
      }
      if (r.chunks) await write('0\r\n\r\n');
    });
  });
}

function parse(raw: string): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const text = split === -1 ? '' : raw.slice(split + 4);
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, head, text, json };
}
