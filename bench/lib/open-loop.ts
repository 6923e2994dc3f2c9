import net from 'node:net';
import { percentile } from './fixed-rate';

/** `latencies`: each request's, ms, in the order they were scheduled (NaN: never answered). */
export interface OpenLoopResult { rps: number; p50: number; p99: number; failed: number; latencies: number[] }

/** At most this many connections at once; more requests than that in flight wait for one (their latency counts the wait). */
const MAX_CONNECTIONS = 256;
const HEAD_END = Buffer.from('\r\n\r\n');

interface Pending { index: number; scheduled: number }

/** What is known of the answer being read on a connection. */
interface Reading { status: number; remaining: number; chunked: boolean; close: boolean; chunkState?: ChunkState }
/** `left`: bytes of the current chunk still to read, its closing CRLF included; 0 between chunks. */
interface ChunkState { left: number }

/**
 * One keep-alive connection sending the same prepared request, one at a time, and reading just enough
 * of each answer to know its status and where it ends (Content-Length or chunked).
 */
class Connection {
  readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private reading?: Reading;
  current?: Pending;

  constructor(host: string, port: number, private readonly done: (c: Connection, p: Pending, status: number) => void, private readonly failed: (c: Connection, p: Pending | undefined, err: Error) => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', (err) => this.failed(this, this.current, err));
    this.socket.on('close', () => this.failed(this, this.current, new Error('connection closed')));
  }

  send(p: Pending, request: Buffer): void {
    this.current = p;
    this.socket.write(request);
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
      if (!this.consumeBody()) return;
      const { status, close } = this.reading;
      const p = this.current!;
      this.reading = undefined;
      this.current = undefined;
      if (close) this.socket.destroy();
      this.done(this, p, status);
      if (close) return;
    }
  }

  /** Takes the body's bytes off the buffer; true once the whole body is read. */
  private consumeBody(): boolean {
    const r = this.reading!;
    if (!r.chunked) {
      const take = Math.min(r.remaining, this.buffered.length);
      r.remaining -= take;
      this.buffered = this.buffered.subarray(take);
      return r.remaining === 0;
    }
    const c = (r.chunkState ??= { left: 0 });
    for (;;) {
      if (c.left > 0) {
        const take = Math.min(c.left, this.buffered.length);
        c.left -= take;
        this.buffered = this.buffered.subarray(take);
        if (c.left > 0) return false;
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
      c.left = size + 2;
    }
  }
}

function headOf(head: string): Reading {
  const lines = head.split('\r\n');
  const status = Number(lines[0].split(' ')[1]);
  let remaining = 0;
  let chunked = false;
  let close = false;
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim().toLowerCase();
    if (name === 'content-length') remaining = Number(value);
    else if (name === 'transfer-encoding') chunked = value.includes('chunked');
    else if (name === 'connection') close = value === 'close';
  }
  return { status, remaining, chunked, close };
}

/**
 * POSTs `body` at a fixed rate, evenly spaced and whatever earlier requests are doing (open loop), over
 * keep-alive connections opened as needed. The client is plain sockets with the request prepared once,
 * so that on a machine shared with the servers it takes as little CPU from them as it can (node:http's
 * client cost about a third of a core at 1,500 requests per second). Latency counts from each request's
 * scheduled time. Only 127.0.0.1, bounded by `seconds`.
 */
export async function openLoopPost(url: string, body: unknown, headers: Record<string, string>, rate: number, seconds: number): Promise<OpenLoopResult> {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error(`benchmarks only load 127.0.0.1, not ${target.hostname}`);
  const payload = Buffer.from(JSON.stringify(body));
  const head = [`POST ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`, 'Content-Type: application/json', `Content-Length: ${payload.length}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  const request = Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), payload]);
  const count = Math.max(1, Math.floor(rate * seconds));
  const latencies: number[] = new Array(count).fill(NaN);
  const statuses: number[] = new Array(count).fill(0);
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  const waiting: Pending[] = [];
  let finished = 0;
  let allDone!: () => void;
  const over = new Promise<void>((resolve) => { allDone = resolve; });

  const record = (p: Pending, status: number) => {
    latencies[p.index] = performance.now() - p.scheduled;
    statuses[p.index] = status;
    if (++finished === count) allDone();
  };
  const dispatch = (p: Pending) => {
    const c = idle.pop() ?? (all.size < MAX_CONNECTIONS ? open() : undefined);
    if (c) c.send(p, request);
    else waiting.push(p);
  };
  const onDone = (c: Connection, p: Pending, status: number) => {
    record(p, status);
    if (c.socket.destroyed) return;
    const next = waiting.shift();
    if (next) c.send(next, request);
    else idle.push(c);
  };
  const onFailed = (c: Connection, p: Pending | undefined, _err: Error) => {
    if (!all.delete(c)) return;
    const at = idle.indexOf(c);
    if (at >= 0) idle.splice(at, 1);
    c.socket.destroy();
    if (p) {
      c.current = undefined;
      record(p, 0);
    }
    const next = waiting.shift();
    if (next) dispatch(next);
  };
  const open = () => {
    const c = new Connection(target.hostname, Number(target.port), onDone, onFailed);
    all.add(c);
    return c;
  };

  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(count, Math.floor(((now - start) * rate) / 1000) + 1);
      for (; sent < due; sent++) dispatch({ index: sent, scheduled: start + (sent * 1000) / rate });
      if (sent === count) return resolve();
      setTimeout(tick, Math.max(0, start + (sent * 1000) / rate - performance.now()));
    };
    tick();
  });
  const deadline = setTimeout(() => {
    for (const c of [...all]) onFailed(c, c.current, new Error('timed out'));
    for (const p of waiting.splice(0)) record(p, 0);
  }, 30_000);
  await over;
  clearTimeout(deadline);
  const elapsedMs = performance.now() - start;
  for (const c of all) c.socket.destroy();
  // A request never answered counts as failed, not as a latency.
  const answered = latencies.filter((l) => !Number.isNaN(l));
  const ok = statuses.filter((s) => s >= 200 && s < 300).length;
  return { rps: ok / (elapsedMs / 1000), p50: percentile(answered, 50), p99: percentile(answered, 99), failed: count - ok, latencies };
}
