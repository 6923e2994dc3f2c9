import net from 'node:net';

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/**
 * Sends bytes exactly as given (fetch refuses CR/LF in header values, an attacker's socket does not),
 * optionally from another loopback source address so a test owns its own per-address budget.
 */
export function rawRequest(baseUrl: string, bytes: string, localAddress?: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress });
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join('\r\n\r\n') });
    });
  });
}

/** A request line and headers joined with CRLF, `Connection: close` so the response ends with the socket. */
export function requestBytes(method: string, path: string, headers: string[], body = ''): string {
  const all = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers];
  if (body) all.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${all.join('\r\n')}\r\n\r\n${body}`;
}
