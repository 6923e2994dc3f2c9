import net from 'node:net';
import { percentile, runFixedRate } from './fixed-rate';

export interface OpenLoopResult { rps: number; p50: number; p99: number; failed: number }

/** At most this many connections at once; more requests than that in flight wait for one (their latency counts the wait). */
const MAX_CONNECTIONS = 256;
/** A request still unanswered this long after the last one was sent fails, and so does its connection. */
const DEADLINE_MS = 30_000;
const HEAD_END = Buffer.from('\r\n\r\n');

/** What is known of the answer being read: its status, and the body bytes still to come (`chunkLeft`: of the current chunk, its CRLF included). */
interface Reading { status: number; remaining: number; chunked: boolean; chunkLeft: number; close: boolean }

/**
 * One keep-alive connection sending the same prepared request, one at a time, and reading just enough
 * of each answer to know its status and where it ends (Content-Length or chunked).
 */
class Connection {
  readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private reading?: Reading;
  private waiter?: { resolve(status: number): void; reject(err: Error): void };
  private dead = false;

  constructor(host: string, port: number, private readonly free: (c: Connection) => void, private readonly gone: (c: Connection) => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  /** Sends the request; resolves with the answer's status. */
  send(request: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
      this.socket.write(request);
    });
  }

  fail(err: Error): void {
    if (this.dead) return;
    this.dead = true;
    this.socket.destroy();
    this.gone(this);
    const w = this.waiter;
    this.waiter = undefined;
    w?.reject(err);
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    for (;;) {
      if (!this.reading) {
        const end = this.buffered.indexOf(HEAD_END);
        if (end < 0) return;
        this.reading = headOf(this.buffered.toString('latin1', 0, end));
        this.buffered = this.buffered.subarray(end + 4);
      }
      if (!this.consumeBody(this.reading)) return;
      const { status, close } = this.reading;
      const w = this.waiter!;
      this.reading = undefined;
      this.waiter = undefined;
      if (close) this.fail(new Error('closed by the server'));
      else this.free(this);
      w.resolve(status);
      if (close) return;
    }
  }

  /** Takes the body's bytes off the buffer; true once the whole body is read. */
  private consumeBody(r: Reading): boolean {
    if (!r.chunked) {
      const take = Math.min(r.remaining, this.buffered.length);
      r.remaining -= take;
      this.buffered = this.buffered.subarray(take);
      return r.remaining === 0;
    }
    for (;;) {
      if (r.chunkLeft > 0) {
        const take = Math.min(r.chunkLeft, this.buffered.length);
        r.chunkLeft -= take;
        this.buffered = this.buffered.subarray(take);
        if (r.chunkLeft > 0) return false;
        continue;
      }
      const eol = this.buffered.indexOf('\r\n');
      if (eol < 0) return false;
      const size = parseInt(this.buffered.toString('latin1', 0, eol), 16);
      if (size === 0) {
        // The last chunk: no trailers are sent by the servers measured here, so a final CRLF follows.
        if (this.buffered.length < eol + 4) return false;
        this.buffered = this.buffered.subarray(eol + 4);
        return true;
      }
      this.buffered = this.buffered.subarray(eol + 2);
      r.chunkLeft = size + 2;
    }
  }
}

function headOf(head: string): Reading {
  const lines = head.split('\r\n');
  const r: Reading = { status: Number(lines[0].split(' ')[1]), remaining: 0, chunked: false, chunkLeft: 0, close: false };
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim().toLowerCase();
    if (name === 'content-length') r.remaining = Number(value);
    else if (name === 'transfer-encoding') r.chunked = value.includes('chunked');
    else if (name === 'connection') r.close = value === 'close';
  }
  return r;
}

/**
 * POSTs `body` at a fixed rate, evenly spaced and whatever earlier requests are doing (open loop, see
 * `runFixedRate`), over keep-alive connections opened as needed. The client is plain sockets with the
 * request prepared once, so that on a machine shared with the servers it takes as little CPU from them
 * as it can (node:http's client cost about a third of a core at 1,500 requests per second). Only
 * 127.0.0.1, bounded by `seconds` and DEADLINE_MS.
 */
export async function openLoopPost(url: string, body: unknown, headers: Record<string, string>, rate: number, seconds: number): Promise<OpenLoopResult> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error(`benchmarks only load 127.0.0.1, not ${target.hostname}`);
  const payload = Buffer.from(JSON.stringify(body));
  const head = [`POST ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`, 'Content-Type: application/json', `Content-Length: ${payload.length}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  const request = Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), payload]);

  const idle: Connection[] = [];
  const all = new Set<Connection>();
  /** Requests waiting for a connection, when MAX_CONNECTIONS are busy. */
  const queue: Array<{ take(c: Connection): void; refuse(err: Error): void }> = [];
  let expired = false;
  const free = (c: Connection) => {
    const next = queue.shift();
    if (next) next.take(c);
    else idle.push(c);
  };
  const gone = (c: Connection) => {
    all.delete(c);
    const at = idle.indexOf(c);
    if (at >= 0) idle.splice(at, 1);
    // A waiting request takes the place of a connection that went away.
    if (!expired && queue.length > 0 && all.size < MAX_CONNECTIONS) queue.shift()!.take(open());
  };
  const open = () => {
    const c = new Connection(target.hostname, Number(target.port), free, gone);
    all.add(c);
    return c;
  };
  const connection = (): Promise<Connection> => {
    const c = idle.pop() ?? (all.size < MAX_CONNECTIONS ? open() : undefined);
    return c ? Promise.resolve(c) : new Promise((take, refuse) => queue.push({ take, refuse }));
  };

  const deadline = setTimeout(() => {
    expired = true;
    for (const c of [...all]) c.fail(new Error('timed out'));
    for (const q of queue.splice(0)) q.refuse(new Error('timed out'));
  }, seconds * 1000 + DEADLINE_MS);
  try {
    const run = await runFixedRate(rate, seconds * 1000, async () => (await connection()).send(request));
    const ok = run.results.filter((r) => r.value !== undefined && r.value >= 200 && r.value < 300).length;
    const latencies = run.results.map((r) => r.latencyMs);
    return { rps: ok / (run.elapsedMs / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed: run.results.length - ok };
  } finally {
    clearTimeout(deadline);
    for (const c of all) c.socket.destroy();
  }
}
