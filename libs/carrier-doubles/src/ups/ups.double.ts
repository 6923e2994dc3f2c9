import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { error, type Answer } from './ups.double.answers';
import { ship, subscribe, token, track, voidShipment, type Exchange } from './ups.double.routes';
import { DoubleState, type DoubleActivity, type DoubleClient, type DoubleFault } from './ups.double.state';

export interface UpsDoubleOptions {
  clients?: DoubleClient[];
  /** Lifetime of the tokens it issues, seconds (UPS's are 4 hours). */
  tokenLifetimeS?: number;
}

const parsed = (body: string): unknown => {
  try {
    return body ? JSON.parse(body) : undefined;
  } catch {
    return body;
  }
};

const ROUTES: { method: string; pattern: RegExp; operation: DoubleFault['operation'] }[] = [
  { method: 'POST', pattern: /^\/security\/v1\/oauth\/token$/, operation: 'token' },
  { method: 'POST', pattern: /^\/api\/shipments\/[^/]+\/ship$/, operation: 'ship' },
  { method: 'DELETE', pattern: /^\/api\/shipments\/[^/]+\/void\/cancel\/[^/]+$/, operation: 'void' },
  { method: 'GET', pattern: /^\/api\/track\/v1\/details\/[^/]+$/, operation: 'track' },
  { method: 'POST', pattern: /^\/api\/track\/v2\/subscription\/[^/]+\/package$/, operation: 'subscribe' },
];

/**
 * A local double of UPS's API (our code, from UPS's published description), for tests, the e2e suite
 * and drills: OAuth client credentials, ship, void, tracking and Track Alert subscriptions. It checks
 * every request against the description and records what breaks it in `violations`; it answers in
 * UPS's documented shapes, and injects faults (slow answers, 5xx, 429 with Retry-After, reset
 * connections). Control over HTTP under `/__double/` for processes that do not hold the object.
 */
export class UpsDouble {
  readonly state = new DoubleState();
  readonly violations: string[] = [];
  /** Every API request as `<operation> <method> <path>`. */
  readonly requests: string[] = [];
  /** The last body received per operation (parsed JSON, or the form's fields for the token). */
  readonly lastBodies = new Map<string, unknown>();
  private server?: Server;
  private readonly tokenLifetimeS: number;

  constructor(opts: UpsDoubleOptions = {}) {
    for (const c of opts.clients ?? []) this.addClient(c);
    this.tokenLifetimeS = opts.tokenLifetimeS ?? 14_399;
  }

  addClient(c: DoubleClient): void {
    this.state.clients.set(c.clientId, c);
  }

  inject(fault: DoubleFault): void {
    this.state.faults.push({ ...fault, left: fault.times ?? 1 });
  }

  clearFaults(): void {
    this.state.faults = [];
  }

  /** Every issued token stops working (as when UPS revokes or expires them). */
  expireTokens(): void {
    this.state.tokens.clear();
  }

  /** Adds a tracking activity to a package the double booked (polling sees it). */
  addActivity(trackingNumber: string, activity: DoubleActivity): void {
    const list = this.state.activity.get(trackingNumber);
    if (!list) throw new Error(`the double booked no package ${trackingNumber}`);
    list.push(activity);
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(port, host, r));
    return this.url;
  }

  get url(): string {
    const a = this.server?.address() as AddressInfo | undefined;
    if (!a) throw new Error('the UPS double is not started');
    return `http://127.0.0.1:${a.port}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((r) => this.server!.close(r));
    this.server = undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://double');
    const answer = url.pathname.startsWith('/__double/') ? this.control(req.method ?? '', url.pathname, body) : await this.api(req, url, body);
    if (!answer) return; // the connection was reset
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  }

  private async api(req: IncomingMessage, url: URL, body: string): Promise<Answer | undefined> {
    const route = ROUTES.find((r) => r.method === req.method && r.pattern.test(url.pathname));
    if (!route) return error(404, '404', 'The requested resource was not found.');
    this.requests.push(`${route.operation} ${req.method} ${url.pathname}`);
    this.lastBodies.set(route.operation, route.operation === 'token' ? Object.fromEntries(new URLSearchParams(body)) : parsed(body));
    const fault = this.state.takeFault(route.operation);
    if (fault?.kind === 'reset') {
      req.socket.destroy();
      return undefined;
    }
    if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 1000));
    if (fault?.kind === 'error') {
      const status = fault.status ?? 503;
      if (status === 429) return error(429, '429', 'Too Many Requests', { 'retry-after': String(fault.retryAfterS ?? 1) });
      return error(status, '10004', 'Something went wrong while processing your request, please try again later');
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
    const x: Exchange = {
      req, path: url.pathname, query: url.searchParams, headers, body, state: this.state, tokenLifetimeS: this.tokenLifetimeS,
      violate: (problems) => {
        if (!problems.length) return undefined;
        this.violations.push(...problems.map((p) => `${route.operation}: ${p}`));
        return error(400, 'DOUBLE', `Request does not match UPS's description: ${problems.join('; ')}`);
      },
    };
    if (route.operation === 'token') return token(x);
    const client = this.state.clientOfToken(headers.authorization?.replace(/^Bearer /, ''));
    if (!client) return error(401, 'UJ0001', 'Invalid token or token is not present');
    if (route.operation === 'ship') return ship(x, client.accountNumber);
    if (route.operation === 'void') return voidShipment(x);
    if (route.operation === 'track') return track(x);
    return subscribe(x);
  }

  private control(method: string, path: string, body: string): Answer {
    const data = (parsed(body) ?? {}) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (method === 'POST' && path === '/__double/faults') this.inject(data);
    else if (method === 'DELETE' && path === '/__double/faults') this.clearFaults();
    else if (method === 'POST' && path === '/__double/clients') this.addClient(data);
    else if (method === 'POST' && path === '/__double/expire-tokens') this.expireTokens();
    else if (method === 'POST' && path === '/__double/activity') this.addActivity(data.trackingNumber, { ...data, at: new Date(data.at ?? Date.now()) });
    else if (method !== 'GET' || path !== '/__double/state') return error(404, '404', 'unknown control path');
    return { status: 200, body: {
      tokensIssued: this.state.tokensIssued, violations: this.violations, requests: this.requests.length,
      shipments: [...this.state.shipments.values()], subscriptions: [...this.state.subscriptions],
    } };
  }
}
