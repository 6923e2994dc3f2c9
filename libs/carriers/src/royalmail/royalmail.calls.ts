import type { CarrierAccountContext } from '../accounts';
import { CarrierRejection } from '@waybill/carrier-model';
import type { CarrierHttpClient, CarrierRequest, CarrierResponse } from '../outbound';
import { RM_NAME, rmError } from './royalmail.profile';
import { RM_TRACKING_BATCH } from './royalmail.schemas';
import type { RmMailPieceSummary, RmOrderInfo, RmSummaryAnswer } from './royalmail.types';

/** Royal Mail answered and said no: `Royal Mail <code>: <message>`. */
export function rmRefusal(answer: CarrierResponse): string {
  const err = rmError(answer.body);
  if (err && (err.code || err.message)) return `${RM_NAME} ${err.code || answer.status}: ${err.message || `HTTP ${answer.status}`}`.trim();
  if (answer.status === 401) return `${RM_NAME} 401: the Click & Drop API key was refused`;
  if (answer.status === 403) return `${RM_NAME} 403: this Click & Drop account may not use this feature`;
  if (answer.status === 429) return `${RM_NAME} 429: rate limit reached; try again later`;
  return `${RM_NAME} ${answer.status}: HTTP ${answer.status}`;
}

/** Calls to Click & Drop with the account's API key (`Authorization: Bearer <key>`). */
export class ClickAndDrop {
  constructor(private readonly client: CarrierHttpClient, private readonly account: CarrierAccountContext) {}

  send(req: Omit<CarrierRequest, 'account' | 'headers'>): Promise<CarrierResponse> {
    return this.client.send({ ...req, path: `/api/v1${req.path}`, account: this.account.id, headers: { authorization: `Bearer ${this.account.credentials.api_key}` } });
  }

  /** Orders by identifier, 100 a call; identifiers Click & Drop does not know are left out. */
  async orders(identifiers: string[]): Promise<RmOrderInfo[]> {
    const out: RmOrderInfo[] = [];
    for (let i = 0; i < identifiers.length; i += 100) {
      const batch = identifiers.slice(i, i + 100);
      const answer = await this.send({ operation: 'track', method: 'GET', idempotent: true, path: `/orders/${batch.map(encodeURIComponent).join(';')}` });
      if (answer.status === 404) continue;
      if (answer.status !== 200 || !Array.isArray(answer.body)) throw new CarrierRejection(rmRefusal(answer));
      out.push(...(answer.body as RmOrderInfo[]));
    }
    return out;
  }
}

/** Royal Mail's Tracking API v2 with the account's separate tracking credentials. */
export class RoyalMailTracking {
  constructor(private readonly client: CarrierHttpClient, private readonly account: CarrierAccountContext) {}

  static available(account: CarrierAccountContext): boolean {
    return !!account.credentials.tracking_client_id && !!account.credentials.tracking_client_secret;
  }

  private headers() {
    const c = this.account.credentials;
    return { 'x-ibm-client-id': c.tracking_client_id, 'x-ibm-client-secret': c.tracking_client_secret, 'x-accept-rmg-terms': 'yes' };
  }

  /** The latest event of each number, 30 numbers a call (the summary operation's limit). */
  async summaries(numbers: string[]): Promise<RmMailPieceSummary[]> {
    const out: RmMailPieceSummary[] = [];
    for (let i = 0; i < numbers.length; i += RM_TRACKING_BATCH) {
      const batch = numbers.slice(i, i + RM_TRACKING_BATCH);
      const answer = await this.client.send({
        operation: 'track', method: 'GET', idempotent: true, account: this.account.id, headers: this.headers(),
        path: '/mailpieces/v2/summary', query: { mailPieceId: batch.join(',') },
      });
      if (answer.status === 404) continue;
      if (answer.status !== 200) throw new CarrierRejection(trackingRefusal(answer));
      out.push(...((answer.body as RmSummaryAnswer).mailPieces ?? []));
    }
    return out;
  }

  /** The recipient's signature, where Royal Mail captured one (an SVG image). */
  async signature(number: string): Promise<{ svg: string } | undefined> {
    const answer = await this.client.send({
      operation: 'proof_of_delivery', method: 'GET', idempotent: true, account: this.account.id, headers: this.headers(),
      path: `/mailpieces/v2/${encodeURIComponent(number)}/signature`,
    });
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new CarrierRejection(trackingRefusal(answer));
    const sig = (answer.body as { mailPieces?: { signature?: { signatureImage?: string; imageFormat?: string } } }).mailPieces?.signature;
    return sig?.signatureImage && /svg/i.test(sig.imageFormat ?? 'svg') ? { svg: sig.signatureImage } : undefined;
  }
}

function trackingRefusal(answer: CarrierResponse): string {
  const e = (answer.body as { errors?: { errorCode?: string; errorDescription?: string }[]; httpMessage?: string } | undefined);
  const first = e?.errors?.[0];
  return first ? `${RM_NAME} tracking ${first.errorCode}: ${first.errorDescription}` : `${RM_NAME} tracking ${answer.status}: ${e?.httpMessage ?? `HTTP ${answer.status}`}`;
}
