import { dhlExpressSchemas, dhlPickupRequestSchema } from '@waybill/carriers';
import { DoubleServer, schemaProblems, type DoubleAnswer, type DoubleRequest, type DoubleRoute } from '../kit/double-server';
import { rate } from './dhl.double.rating';
import { addressValidate, cancelPickup, dhlProblem, epod, ship, track } from './dhl.double.routes';
import { createPickup } from './dhl.double.pickup';
import { DhlDoubleState, type DhlDoubleAccount, type DhlDoubleEvent } from './dhl.double.state';

type Handler = (s: DhlDoubleState, account: DhlDoubleAccount, req: DoubleRequest, violate: (p: string[]) => DoubleAnswer | undefined) => DoubleAnswer;

/**
 * A local double of DHL's MyDHL API (DHL Express), our code, written from its published description:
 * shipments (with labels in PDF or ZPL, the commercial invoice, pickups), tracking of several shipments
 * or pieces a call, electronic proof of delivery, pickup cancellation and address validation (the
 * account check). Checks every request against our schemas and the rules stated in words; answers in
 * MyDHL's documented shapes; injects faults.
 */
export class DhlExpressDouble extends DoubleServer {
  readonly state = new DhlDoubleState();
  /** MyDHL answers a request that breaks its description 422 (its "Validation error"). */
  protected override readonly violationStatus = 422;
  protected override readonly requestSchemas = [dhlExpressSchemas.shipmentRequestSchema, dhlExpressSchemas.messageHeadersSchema, dhlExpressSchemas.trackingQuerySchema, dhlExpressSchemas.rateRequestSchema, dhlPickupRequestSchema];

  constructor(accounts: DhlDoubleAccount[] = []) {
    super();
    for (const a of accounts) this.addAccount(a);
  }

  addAccount(a: DhlDoubleAccount): void {
    this.state.accounts.set(a.apiKey, a);
  }

  /** A checkpoint on a booked shipment (tracking sees it on the shipment and every piece). */
  addEvent(number: string, event: DhlDoubleEvent): void {
    const s = this.state.shipmentOf(number);
    if (!s) throw new Error(`the double booked no shipment ${number}`);
    s.events.push(event);
  }

  protected errorAnswer(status: number, code: string, message: string): DoubleAnswer {
    return dhlProblem(status, message, code === 'DOUBLE' ? 'Validation error' : message);
  }

  protected snapshot() {
    return { shipments: [...this.state.shipments.values()].map(({ events: _e, ...s }) => s), pickups: Object.fromEntries(this.state.pickups) };
  }

  protected override control(path: string, data: Record<string, unknown>): unknown {
    if (path === '/__double/accounts') return this.addAccount(data as unknown as DhlDoubleAccount), true;
    if (path === '/__double/events') return this.addEvent(String(data.number), { ...(data as unknown as DhlDoubleEvent), at: new Date(String(data.at ?? new Date().toISOString())) }), true;
    return undefined;
  }

  protected routes(): DoubleRoute[] {
    const api = (method: string, pattern: RegExp, operation: string, handler: Handler): DoubleRoute => ({
      method, pattern, operation, handle: (req, violate) => {
        const auth = req.headers.authorization ?? '';
        const bad = violate([
          ...(auth.startsWith('Basic ') ? [] : ['Authorization must be HTTP Basic with the API key and secret']),
          ...schemaProblems(dhlExpressSchemas.messageHeadersSchema, req.headers, 'headers'),
        ]);
        if (bad) return bad;
        const [key, ...rest] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
        const account = this.state.accounts.get(key);
        if (!account || account.apiSecret !== rest.join(':')) return dhlProblem(401, 'Invalid Credentials', 'Unauthorized');
        return handler(this.state, account, req, violate);
      },
    });
    return [
      api('POST', /^\/shipments$/, 'ship', ship),
      api('GET', /^\/tracking$/, 'track', track),
      api('GET', /^\/shipments\/([^/]+)\/proof-of-delivery$/, 'proof_of_delivery', epod),
      api('DELETE', /^\/pickups\/([^/]+)$/, 'void', cancelPickup),
      api('POST', /^\/pickups$/, 'pickup', createPickup),
      api('GET', /^\/address-validate$/, 'check', addressValidate),
      api('POST', /^\/rates$/, 'rate', rate),
    ];
  }
}
