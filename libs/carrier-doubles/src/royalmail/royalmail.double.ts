import { royalMailSchemas } from '@waybill/carriers';
import { DoubleServer, schemaProblems, type DoubleAnswer, type DoubleRequest, type DoubleRoute } from '../kit/double-server';
import { createOrders, deleteOrders, getOrders, listOrders, manifest, manifestDetails } from './royalmail.double.orders';
import { identifierProblems } from './royalmail.double.rules';
import { signature, summary } from './royalmail.double.tracking';
import { RmDoubleState, type RmDoubleAccount, type RmDoubleEvent } from './royalmail.double.state';

type Handler = (s: RmDoubleState, account: RmDoubleAccount, req: DoubleRequest, violate: (p: string[]) => DoubleAnswer | undefined) => DoubleAnswer;

/**
 * A local double of Royal Mail's Click & Drop API (v1) and Tracking API (v2), our code, written from
 * their published descriptions: orders (create with labels, retrieve, list, delete), manifests, and the
 * tracking summary and signature. It checks every request against our schemas of those descriptions
 * and the rules they state in words, answers in their documented shapes (success, refused order, label
 * refused to a non-business account, invalid key, rate limit, outage) and injects faults.
 */
export class RoyalMailDouble extends DoubleServer {
  readonly state = new RmDoubleState();
  protected override readonly requestSchemas = [royalMailSchemas.createOrdersRequestSchema, royalMailSchemas.listOrdersQuerySchema, royalMailSchemas.summaryQuerySchema];

  constructor(accounts: RmDoubleAccount[] = []) {
    super();
    for (const a of accounts) this.addAccount(a);
  }

  addAccount(a: RmDoubleAccount): void {
    this.state.accounts.set(a.apiKey, a);
  }

  /** A tracking event on a booked item (polling sees it as the latest). */
  addEvent(trackingNumber: string, event: RmDoubleEvent, signed = false): void {
    const order = this.state.orderOfTracking(trackingNumber);
    if (!order) throw new Error(`the double booked no item ${trackingNumber}`);
    order.events.push(event);
    order.signed ||= signed;
  }

  /** Click & Drop's despatch state: the order was despatched. */
  despatch(trackingNumber: string, at = new Date()): void {
    const order = this.state.orderOfTracking(trackingNumber);
    if (order) order.shippedOn = at.toISOString();
  }

  protected errorAnswer(status: number, code: string, message: string): DoubleAnswer {
    return { status, body: { code, message } };
  }

  protected snapshot() {
    return { orders: [...this.state.orders.values()].map(({ events: _e, ...o }) => o), manifests: [...this.state.manifests.keys()] };
  }

  protected override control(path: string, data: Record<string, unknown>): unknown {
    if (path === '/__double/accounts') return this.addAccount(data as unknown as RmDoubleAccount), true;
    if (path === '/__double/events') return this.addEvent(String(data.trackingNumber), { ...(data as unknown as RmDoubleEvent), at: new Date(String(data.at ?? new Date().toISOString())) }, !!data.signed), true;
    if (path === '/__double/despatch') return this.despatch(String(data.trackingNumber)), true;
    return undefined;
  }

  protected routes(): DoubleRoute[] {
    const cd = (method: string, pattern: RegExp, operation: string, handler: Handler): DoubleRoute => ({
      method, pattern, operation, handle: (req, violate) => {
        const bad = violate(req.headers.authorization?.startsWith('Bearer ') ? [] : ['Authorization must be "Bearer <API key>"']);
        if (bad) return bad;
        const account = this.state.accounts.get(req.headers.authorization!.slice(7));
        if (!account) return { status: 401, body: { code: 'Unauthorized', message: 'Authorization has been denied for this request.' } };
        return handler(this.state, account, req, violate);
      },
    });
    return [
      cd('POST', /^\/api\/v1\/orders$/, 'ship', (s, a, r, v) => v(schemaProblems(royalMailSchemas.createOrdersRequestSchema, r.body, 'body')) ?? createOrders(s, a, r, v)),
      cd('GET', /^\/api\/v1\/orders$/, 'check', (s, a, r, v) => v(schemaProblems(royalMailSchemas.listOrdersQuerySchema, Object.fromEntries(r.query), 'query')) ?? listOrders(s, a)),
      cd('GET', /^\/api\/v1\/orders\/([^/]+)$/, 'track', (s, a, r, v) => v(identifierProblems(r.params[0])) ?? getOrders(s, a, r.params[0])),
      cd('DELETE', /^\/api\/v1\/orders\/([^/]+)$/, 'void', (s, a, r, v) => v(identifierProblems(r.params[0])) ?? deleteOrders(s, a, r.params[0])),
      cd('POST', /^\/api\/v1\/manifests$/, 'manifest', (s, a) => manifest(s, a)),
      cd('GET', /^\/api\/v1\/manifests\/(\d+)$/, 'manifest', (s, a, r) => manifestDetails(s, a, Number(r.params[0]))),
      { method: 'GET', pattern: /^\/mailpieces\/v2\/summary$/, operation: 'track', handle: (r, v) => summary(this.state, r, v) },
      { method: 'GET', pattern: /^\/mailpieces\/v2\/([^/]+)\/signature$/, operation: 'proof_of_delivery', handle: (r, v) => signature(this.state, r, v) },
    ];
  }
}
