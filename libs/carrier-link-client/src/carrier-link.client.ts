import { HttpError, ServiceClient } from '@waybill/http';
import { InternalTokenSigner } from '@waybill/internal-auth';
import type { BookingRequest, LabelDrawing, LabelDrawingRequest, ManifestRequest } from '@waybill/carrier-model';

export const CARRIER_LINK = 'carrier-link';

/**
 * One carrier a company can use through carrier-link, as carrier-link describes it: through its enabled
 * account with the carrier, or (`account` null, from `carriers` only) one that needs no account.
 */
export interface AccountCarrier {
  identifier: string;
  name: string;
  /** The enabled account's id: bookings through it answer it as their `account`; null when the carrier needs none. */
  account: string | null;
  /** The company never had another account with this carrier (deleted or disabled): it booked everything booked with it. */
  sole_account: boolean;
  capabilities: { supports?: string[]; zpl_native: boolean; per_package_tracking: boolean; options: string[]; manifest_scope: 'listed' | 'account' };
  services: Array<{ identifier: string; name: string; code: string; origins: string[] | '*'; destinations: string[] | '*'; max_parcel_weight_kg: number; return?: boolean }>;
}

/**
 * `account`: the carrier account that booked it (absent for a carrier reached without one, and from a
 * carrier-link older than the field). `named`: the refusal names the carrier already (absent from an older
 * carrier-link, whose refusals all did).
 */
export type BookingAnswer =
  | { booked: true; consignment_number: string; tracking_numbers: string[]; tracking_url: string; account?: string; applied_options?: Record<string, string> }
  | { booked: false; rejection_reason: string; outcome_unknown: boolean; named?: boolean };

export type CancelAnswer = { cancelled: true } | { cancelled: false; rejection_reason: string };

export type ManifestAnswer =
  | { manifested: true; reference: string; scope: 'listed' | 'account'; document: string | null }
  | { manifested: false; rejection_reason: string; outcome_unknown: boolean; named?: boolean };

export interface StoredLabels {
  labels: string | string[];
  invoices: string | null;
  label_format: string;
}

/** How long a booking is asked again while carrier-link does not take connections (a restart takes a few seconds). */
const RESTART_GRACE_MS = 20_000;
const CONNECTION_LOST = /ECONNREFUSED|ECONNRESET|socket hang up/;

/** Runs `ask` again, with backoff, while carrier-link refuses or drops the connection, up to RESTART_GRACE_MS. */
async function whileRestarting<T>(ask: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + RESTART_GRACE_MS;
  for (let wait = 100; ; wait = Math.min(wait * 2, 1000)) {
    try {
      return await ask();
    } catch (err) {
      if (!(err instanceof HttpError && CONNECTION_LOST.test(err.message)) || Date.now() + wait > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** A booking may wait on the carrier's timeout and its retries (15 s each by default). */
const CARRIER_CALL_TIMEOUT_MS = 60_000;

/**
 * The internal API of carrier-link (services/carrier-link), the one service that reads carrier
 * credentials and calls real carriers. Other services reach real carriers only through this client.
 */
export class CarrierLinkClient {
  private readonly client: ServiceClient;

  constructor(private readonly peers: Record<string, string>, internalJwtSecret: string, private readonly caller: string) {
    this.client = new ServiceClient(peers, new InternalTokenSigner(internalJwtSecret));
  }

  /** Whether this deployment runs carrier-link at all (read at call time: the one-process mode fills peers in late). */
  get deployed(): boolean {
    return Boolean(this.peers[CARRIER_LINK]);
  }

  private call<T>(company: string, method: string, path: string, body?: unknown, timeoutMs = 10_000) {
    return this.client.request<T>(CARRIER_LINK, method, `/companies/${encodeURIComponent(company)}${path}`,
      { company, principal: `service:${this.caller}` }, body, timeoutMs);
  }

  async accountCarriers(company: string): Promise<AccountCarrier[]> {
    const res = await this.call<AccountCarrier[]>(company, 'GET', '/account-carriers', undefined, 5000);
    if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`carrier-link answered ${res.status} to account-carriers`);
    return res.body;
  }

  /**
   * Every carrier the company can use through carrier-link: those needing no account, then those of its
   * enabled accounts. A carrier-link older than this list (404) answers its account carriers alone.
   */
  async carriers(company: string): Promise<AccountCarrier[]> {
    const res = await this.call<AccountCarrier[]>(company, 'GET', '/carriers', undefined, 5000);
    if (res.status === 404) return this.accountCarriers(company);
    if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`carrier-link answered ${res.status} to carriers`);
    return res.body;
  }

  async book(company: string, carrier: string, request: BookingRequest): Promise<BookingAnswer> {
    // carrier-link books once per consignment and answers a repeated request from its record, so a booking
    // whose connection was refused or dropped (carrier-link restarting mid-booking) is asked again, briefly.
    const res = await whileRestarting(() => this.call<BookingAnswer>(company, 'POST', '/carrier-bookings',
      { consignment_identifier: request.consignmentIdentifier, carrier, request }, CARRIER_CALL_TIMEOUT_MS));
    if (res.status === 201 || res.status === 422) return res.body;
    // carrier-link refused the request itself (nothing was sent to the carrier): a refusal that says why.
    if (res.status === 400) return { booked: false, rejection_reason: (res.body as { detail?: string }).detail ?? 'carrier-link refused the booking request', outcome_unknown: false };
    throw new HttpError(503, `carrier-link answered ${res.status} to a booking`);
  }

  /**
   * Voids the consignment's booking with this consignment number; a consignment carrier-link never booked,
   * or whose booking was replaced since, answers as cancelled.
   */
  async cancel(company: string, consignment: string, consignmentNumber: string): Promise<CancelAnswer> {
    const path = `/carrier-bookings/${encodeURIComponent(consignment)}?consignment_number=${encodeURIComponent(consignmentNumber)}`;
    const res = await this.call<CancelAnswer>(company, 'DELETE', path, undefined, CARRIER_CALL_TIMEOUT_MS);
    if (res.status === 200 || res.status === 422) return res.body;
    if (res.status === 404) return { cancelled: true };
    throw new HttpError(503, `carrier-link answered ${res.status} to a cancellation`);
  }

  async manifest(company: string, carrier: string, request: ManifestRequest): Promise<ManifestAnswer> {
    const res = await this.call<ManifestAnswer>(company, 'POST', '/carrier-manifests', { carrier, request }, CARRIER_CALL_TIMEOUT_MS);
    if (res.status === 201 || res.status === 422) return res.body;
    throw new HttpError(503, `carrier-link answered ${res.status} to a manifest`);
  }

  /**
   * How to draw a consignment's labels, for a carrier whose labels Waybill draws; `drawn_by_waybill: false`
   * for one whose labels are its own (stored at booking). An unknown carrier or service is a 409.
   */
  async labelDrawing(company: string, request: LabelDrawingRequest): Promise<LabelDrawing> {
    const res = await this.call<LabelDrawing & { detail?: string }>(company, 'POST', '/carrier-label-designs', request, 10_000);
    if (res.status === 200) return res.body;
    if (res.status === 404 || res.status === 400) throw new HttpError(409, `service_id: carrier service "${request.carrier}|${request.service}" cannot print labels here.`);
    throw new HttpError(503, `The carrier's label design could not be read just now (carrier-link answered ${res.status}); try again shortly.`, {}, { 'Retry-After': '10' });
  }

  /** The labels stored at booking, in the format asked for (query as the documents API takes it); never books. */
  async labels(company: string, consignment: string, query: Record<string, string>): Promise<StoredLabels> {
    const qs = new URLSearchParams(query).toString();
    const res = await this.call<StoredLabels & { detail?: string }>(company, 'GET', `/carrier-bookings/${encodeURIComponent(consignment)}/labels?${qs}`, undefined, 30_000);
    if (res.status === 200) return res.body;
    if (res.status === 404 || res.status === 409) throw new HttpError(409, res.body?.detail ?? 'The carrier produced no labels for this consignment.');
    throw new HttpError(503, `The carrier's stored labels could not be read just now (carrier-link answered ${res.status}); try again shortly.`, {}, { 'Retry-After': '10' });
  }
}
