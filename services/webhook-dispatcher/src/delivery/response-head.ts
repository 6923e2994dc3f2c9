import type { IncomingMessage } from 'node:http';

/** What the attempt log keeps of an answer: status line, headers and the start of the body. */
export const RESPONSE_HEAD_LIMIT = 4096;

/** Collects the head of a response up to 4 KiB; `add` says whether more of the body is wanted. */
export class ResponseHead {
  private readonly chunks: Buffer[];
  private size: number;

  constructor(res: IncomingMessage) {
    const lines = [`HTTP/${res.httpVersion} ${res.statusCode ?? 0} ${res.statusMessage ?? ''}`.trimEnd()];
    for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
    const start = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
    this.chunks = [start];
    this.size = start.length;
  }

  add(chunk: Buffer): boolean {
    if (this.size >= RESPONSE_HEAD_LIMIT) return false;
    this.chunks.push(chunk);
    this.size += chunk.length;
    return this.size < RESPONSE_HEAD_LIMIT;
  }

  text(): string {
    const all = Buffer.concat(this.chunks).subarray(0, RESPONSE_HEAD_LIMIT);
    // Cutting at 4 KiB may split a multi-byte character; drop the broken tail rather than store U+FFFD.
    return all.toString('utf8').replace(/\uFFFD+$/, '');
  }
}
