import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's own answers to requests it cannot parse, as ours: the status it would send, with a `{"detail"}`. */
const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request header fields are too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Request chunk extensions are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timed out.'],
};

/**
 * Replaces Node's default `clientError` handling, which answers malformed requests (a CR or LF inside a
 * header value, an oversized header block) with a bare status line: every 4xx carries `detail`.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, detail] = ANSWERS[err.code ?? ''] ?? [400, 'Malformed HTTP request.'];
  const body = JSON.stringify({ detail });
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
