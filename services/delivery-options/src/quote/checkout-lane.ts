import type { RequestListener } from 'node:http';
import { hotLane } from '@waybill/http';
import type { Logger } from '@waybill/logger';
import type { QuoteDeps } from './quote.deps';
import { deliveryOptions } from './delivery-options.service';

export interface CheckoutLaneOptions {
  quote: QuoteDeps;
  logger: Logger;
  internalJwtSecret: string;
  audience: string;
  /** The service name of the request metrics and spans; by default the logger's, as the express app takes it. */
  service?: string;
}

/** The gateway's path for a checkout; a company slug that needs no decoding. Anything else is express's. */
const CHECKOUT_PATH = /^\/companies\/([A-Za-z0-9_-]+)\/delivery-options\/?$/;

/**
 * The checkout's fast lane (see `hotLane`): every checkout reaches this service in the same shape, and
 * express's routing, middleware and body parser cost several times the quote itself.
 */
export function checkoutLane(o: CheckoutLaneOptions, fallback: RequestListener): RequestListener {
  return hotLane({
    ...o,
    routes: [{ method: 'POST', pattern: CHECKOUT_PATH, handle: (company, _match, body) => deliveryOptions(o.quote, company, body) }],
  }, fallback);
}
