import { upsSchemas } from '@waybill/carriers';
import { DoubleServer, type DoubleAnswer, type DoubleRequest, type DoubleRoute } from '../kit/double-server';
import { error } from './ups.double.answers';
import { ship, subscribe, token, track, voidShipment, type Exchange } from './ups.double.routes';
import { cancelPickup, createPickup } from './ups.double.pickup';
import { locate } from './ups.double.locator';
import { rate } from './ups.double.rating';
import { DoubleState, type DoubleActivity, type DoubleClient, type DoubleFault } from './ups.double.state';

export interface UpsDoubleOptions {
  clients?: DoubleClient[];
  /** Lifetime of the tokens it issues, seconds (UPS's are 4 hours). */
  tokenLifetimeS?: number;
}

/**
 * A local double of UPS's API (our code, from UPS's published description), for tests, the e2e suite
 * and drills: OAuth client credentials, ship, void, rating, tracking and Track Alert subscriptions. It checks
 * every request against the description and records what breaks it in `violations`; it answers in
 * UPS's documented shapes, and injects faults (slow answers, 5xx, 429 with Retry-After, reset
 * connections). Control over HTTP under `/__double/` for processes that do not hold the object.
 * The last body per operation in `lastBodies` is the form's fields for the token.
 */
export class UpsDouble extends DoubleServer {
  readonly state = new DoubleState();
  protected override readonly carrierName = 'UPS';
  protected override readonly requestSchemas = [upsSchemas.shipRequestSchema, upsSchemas.shipQuerySchema, upsSchemas.tokenFormSchema, upsSchemas.transactionHeadersSchema, upsSchemas.trackQuerySchema, upsSchemas.subscriptionRequestSchema, upsSchemas.rateRequestSchema, upsSchemas.pickupCreationRequestSchema, upsSchemas.locatorRequestSchema];
  private readonly tokenLifetimeS: number;

  constructor(opts: UpsDoubleOptions = {}) {
    super();
    for (const c of opts.clients ?? []) this.addClient(c);
    this.tokenLifetimeS = opts.tokenLifetimeS ?? 14_399;
  }

  addClient(c: DoubleClient): void {
    this.state.clients.set(c.clientId, c);
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

  protected errorAnswer(status: number, code: string, message: string): DoubleAnswer {
    return error(status, code, message);
  }

  protected override notFoundAnswer(): DoubleAnswer {
    return error(404, '404', 'The requested resource was not found.');
  }

  protected override faultAnswer(status: number): DoubleAnswer {
    if (status === 429) return error(429, '429', 'Too Many Requests');
    return error(status, '10004', 'Something went wrong while processing your request, please try again later');
  }

  protected override unknownControlAnswer(): DoubleAnswer {
    return error(404, '404', 'unknown control path');
  }

  protected snapshot() {
    return { tokensIssued: this.state.tokensIssued, shipments: [...this.state.shipments.values()], subscriptions: [...this.state.subscriptions], pickups: [...this.state.pickups.values()] };
  }

  protected override control(path: string, data: Record<string, unknown>): unknown {
    if (path === '/__double/clients') return this.addClient(data as unknown as DoubleClient), true;
    if (path === '/__double/expire-tokens') return this.expireTokens(), true;
    if (path === '/__double/activity') return this.addActivity(data.trackingNumber as string, { ...(data as unknown as DoubleActivity), at: new Date((data.at as string | number | undefined) ?? Date.now()) }), true;
    return undefined;
  }

  protected routes(): DoubleRoute[] {
    const exchange = (req: DoubleRequest, violate: Exchange['violate']): Exchange => ({ ...req, state: this.state, tokenLifetimeS: this.tokenLifetimeS, violate });
    /** An operation that takes a bearer token the double issued. */
    const api = (method: string, pattern: RegExp, operation: DoubleFault['operation'], handler: (x: Exchange, client: DoubleClient) => DoubleAnswer): DoubleRoute => ({
      method, pattern, operation, handle: (req, violate) => {
        const client = this.state.clientOfToken(req.headers.authorization?.replace(/^Bearer /, ''));
        if (!client) return error(401, 'UJ0001', 'Invalid token or token is not present');
        return handler(exchange(req, violate), client);
      },
    });
    return [
      { method: 'POST', pattern: /^\/security\/v1\/oauth\/token$/, operation: 'token', body: 'form', handle: (req, violate) => token(exchange(req, violate)) },
      api('POST', /^\/api\/shipments\/[^/]+\/ship$/, 'ship', (x, client) => ship(x, client.accountNumber)),
      api('DELETE', /^\/api\/shipments\/[^/]+\/void\/cancel\/[^/]+$/, 'void', voidShipment),
      api('POST', /^\/api\/rating\/[^/]+\/[^/]+$/, 'rate', (x, client) => rate(x, client.accountNumber)),
      api('GET', /^\/api\/track\/v1\/details\/[^/]+$/, 'track', track),
      api('POST', /^\/api\/track\/v2\/subscription\/[^/]+\/package$/, 'subscribe', subscribe),
      api('POST', /^\/api\/pickupcreation\/[^/]+\/pickup$/, 'pickup', (x, client) => createPickup(x, client.accountNumber)),
      api('DELETE', /^\/api\/shipments\/[^/]+\/pickup\/[^/]+$/, 'cancel_pickup', (x, client) => cancelPickup(x, client.accountNumber)),
      api('POST', /^\/api\/locations\/[^/]+\/search\/availabilities\/[^/]+$/, 'locator', locate),
    ];
  }
}
