import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** One answer of a double: a status, a JSON body (or raw bytes) and headers. */
export interface DoubleAnswer {
  status: number;
  body?: unknown;
  raw?: Buffer;
  headers?: Record<string, string>;
}

/** A fault injected into the next `times` requests of an operation (`*`: any). */
export interface InjectedFault {
  operation: string;
  kind: 'slow' | 'error' | 'reset';
  /** For `error`: 500, 503, 429… */
  status?: number;
  /** For `slow`: how long before answering normally. */
  delayMs?: number;
  /** For a 429: the Retry-After header, in seconds. */
  retryAfterS?: number;
  /** How many requests it affects (Infinity: until cleared); 1 when not given. */
  times?: number;
}

export interface DoubleRequest {
  method: string;
  path: string;
  /** Path parameters captured by the route's pattern. */
  params: string[];
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface DoubleRoute {
  method: string;
  pattern: RegExp;
  operation: string;
  /** `form`: the body is an HTML form (OAuth token requests), read as its fields; otherwise JSON, or the text. */
  body?: 'form';
  handle(req: DoubleRequest, violate: (problems: string[]) => DoubleAnswer | undefined): DoubleAnswer | Promise<DoubleAnswer>;
}

// Decimal steps (multipleOf 0.01, 0.001) are checked to a millionth, as binary fractions never divide exactly.
const ajv = new Ajv({ allErrors: true, strict: false, multipleOfPrecision: 6 });
addFormats(ajv);
const compiled = new Map<object, ValidateFunction>();

function validatorOf(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate;
}

/** Where a value breaks one of our schemas of a carrier's description, as readable lines. */
export function schemaProblems(schema: object, value: unknown, where: string): string[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${where}${e.instancePath || ''} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${e.params.additionalProperty})` : ''}`);
}

/** A request's body: its JSON, or its text where it is not JSON (undefined when empty). */
function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * The HTTP side every carrier double shares: routes, a record of requests and of violations of the
 * carrier's description (answered with the carrier's error shape), fault injection (slow answers, 5xx,
 * 429 with Retry-After, reset connections), and control under `/__double/` for other processes.
 */
export abstract class DoubleServer {
  readonly violations: string[] = [];
  /** Every API request as `<operation> <method> <path>`. */
  readonly requests: string[] = [];
  readonly lastBodies = new Map<string, unknown>();
  private faults: (InjectedFault & { left: number })[] = [];
  private server?: Server;

  protected abstract routes(): DoubleRoute[];
  /** The carrier's answer to a request that breaks its description, or to an injected error. */
  protected abstract errorAnswer(status: number, code: string, message: string): DoubleAnswer;
  /** Further control paths of a carrier's double (`/__double/<name>`); undefined when unknown. */
  protected control(_path: string, _data: Record<string, unknown>): unknown | undefined {
    return undefined;
  }
  protected abstract snapshot(): Record<string, unknown>;
  /** The status the carrier answers a request that breaks its description with. */
  protected readonly violationStatus: number = 400;
  /**
   * The schemas its requests are checked against, compiled when the double starts: compiling the larger
   * ones takes seconds on a loaded machine, which must not fall into the first request's time.
   */
  protected readonly requestSchemas: readonly object[] = [];
  /** The carrier's name in the double's own messages (`the UPS double is not started`); none: generic words. */
  protected readonly carrierName?: string;

  /** The answer to an API path the double does not serve. */
  protected notFoundAnswer(): DoubleAnswer {
    return this.errorAnswer(404, '404', 'Not Found');
  }

  /** The answer to an injected error (a 429 gets its Retry-After added). */
  protected faultAnswer(status: number): DoubleAnswer {
    return this.errorAnswer(status, String(status), status === 429 ? 'Too Many Requests' : 'Service Unavailable');
  }

  /** The answer to a control path under `/__double/` that the double does not know. */
  protected unknownControlAnswer(): DoubleAnswer {
    return { status: 404, body: { message: 'unknown control path' } };
  }

  inject(fault: InjectedFault): void {
    this.faults.push({ ...fault, left: fault.times ?? 1 });
  }

  clearFaults(): void {
    this.faults = [];
  }

  count(operation: string): number {
    return this.requests.filter((r) => r.startsWith(`${operation} `)).length;
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    for (const schema of this.requestSchemas) validatorOf(schema);
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(port, host, r));
    return this.url;
  }

  get url(): string {
    const a = this.server?.address() as AddressInfo | undefined;
    if (!a) throw new Error(`the ${this.carrierName ? `${this.carrierName} ` : ''}double is not started`);
    return `http://127.0.0.1:${a.port}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((r) => this.server!.close(r));
    this.server = undefined;
  }

  private takeFault(operation: string) {
    const fault = this.faults.find((f) => f.operation === '*' || f.operation === operation);
    if (fault && --fault.left <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://double');
    const answer = url.pathname.startsWith('/__double/') ? this.controlAnswer(req.method ?? '', url.pathname, parsed(text)) : await this.api(req, url, text);
    if (!answer) return; // the connection was reset
    res.writeHead(answer.status, { 'content-type': answer.raw ? 'application/octet-stream' : 'application/json', ...answer.headers });
    res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
  }

  private async api(req: IncomingMessage, url: URL, text: string): Promise<DoubleAnswer | undefined> {
    const route = this.routes().find((r) => r.method === req.method && r.pattern.test(url.pathname));
    if (!route) return this.notFoundAnswer();
    const body = route.body === 'form' ? Object.fromEntries(new URLSearchParams(text)) : parsed(text);
    this.requests.push(`${route.operation} ${req.method} ${url.pathname}`);
    this.lastBodies.set(route.operation, body);
    const fault = this.takeFault(route.operation);
    if (fault?.kind === 'reset') {
      req.socket.destroy();
      return undefined;
    }
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 1000));
    if (fault?.kind === 'error') {
      const status = fault.status ?? 503;
      const answer = this.faultAnswer(status);
      return status === 429 ? { ...answer, headers: { ...answer.headers, 'retry-after': String(fault.retryAfterS ?? 1) } } : answer;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
    const params = (url.pathname.match(route.pattern) ?? []).slice(1).map(decodeURIComponent);
    return route.handle({ method: req.method ?? '', path: url.pathname, params, query: url.searchParams, headers, body }, (problems) => {
      if (!problems.length) return undefined;
      this.violations.push(...problems.map((p) => `${route.operation}: ${p}`));
      return this.errorAnswer(this.violationStatus, 'DOUBLE', `Request does not match ${this.carrierName ? `${this.carrierName}'s` : 'the published'} description: ${problems.join('; ')}`);
    });
  }

  private controlAnswer(method: string, path: string, body: unknown): DoubleAnswer {
    const data = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    if (method === 'POST' && path === '/__double/faults') this.inject(data as unknown as InjectedFault);
    else if (method === 'DELETE' && path === '/__double/faults') this.clearFaults();
    else if (method === 'POST' && this.control(path, data) === undefined) return this.unknownControlAnswer();
    else if (method !== 'POST' && !(method === 'GET' && path === '/__double/state')) return this.unknownControlAnswer();
    return { status: 200, body: { violations: this.violations, requests: this.requests.length, ...this.snapshot() } };
  }
}
