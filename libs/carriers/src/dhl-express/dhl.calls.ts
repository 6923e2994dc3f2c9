import { randomUUID } from 'node:crypto';
import type { CarrierAccountContext } from '../accounts';
import { CarrierRejection } from '@waybill/carrier-model';
import type { CarrierHttpClient, CarrierRequest, CarrierResponse } from '../outbound';
import { DHL_INTERFACE_VERSION, DHL_NAME, dhlError } from './dhl.profile';
import { DHL_TRACKING_BATCH } from './dhl.schemas';
import type { DhlEpodAnswer, DhlTrackedShipment, DhlTrackingAnswer } from './dhl.types';

/** DHL answered and said no: `DHL Express <status>: <detail> (<additional details>)`. */
export function dhlRefusal(answer: CarrierResponse): string {
  const err = dhlError(answer.body);
  if (err?.detail) return `${DHL_NAME} ${err.status || answer.status}: ${err.detail}${err.additional.length ? ` (${err.additional.join('; ')})` : ''}`;
  if (answer.status === 401) return `${DHL_NAME} 401: the API key and secret were refused`;
  if (answer.status === 429) return `${DHL_NAME} 429: rate limit reached; try again later`;
  return `${DHL_NAME} ${answer.status}: HTTP ${answer.status}`;
}

/** Calls to MyDHL with HTTP Basic (API key and secret), a Message-Reference per call and the interface version it requires. */
export class MyDhl {
  constructor(private readonly client: CarrierHttpClient, readonly account: CarrierAccountContext) {}

  send(req: Omit<CarrierRequest, 'account' | 'headers'>): Promise<CarrierResponse> {
    const { api_key: key, api_secret: secret } = this.account.credentials;
    return this.client.send({
      ...req, account: this.account.id,
      headers: {
        authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'message-reference': randomUUID(),
        'message-reference-date': new Date().toUTCString(), 'x-version': DHL_INTERFACE_VERSION,
      },
    });
  }

  /** Shipments and pieces by number, several a call: shipment numbers (10 digits) and piece numbers apart. */
  async track(numbers: string[]): Promise<DhlTrackedShipment[]> {
    const out: DhlTrackedShipment[] = [];
    for (let i = 0; i < numbers.length; i += DHL_TRACKING_BATCH) {
      const batch = numbers.slice(i, i + DHL_TRACKING_BATCH);
      const query = new URLSearchParams({ trackingView: 'all-checkpoints', levelOfDetail: 'all' });
      for (const n of batch) query.append(/^\d{10}$/.test(n) ? 'shipmentTrackingNumber' : 'pieceTrackingNumber', n);
      const answer = await this.send({ operation: 'track', method: 'GET', idempotent: true, path: `/tracking?${query}` });
      if (answer.status === 404) continue;
      if (answer.status !== 200) throw new CarrierRejection(dhlRefusal(answer));
      out.push(...((answer.body as DhlTrackingAnswer).shipments ?? []));
    }
    return out;
  }

  /** DHL's electronic proof of delivery (a PDF), or none before delivery. */
  async epod(shipmentNumber: string): Promise<Buffer | undefined> {
    const answer = await this.send({
      operation: 'proof_of_delivery', method: 'GET', idempotent: true,
      path: `/shipments/${encodeURIComponent(shipmentNumber)}/proof-of-delivery`,
      query: { shipperAccountNumber: this.account.credentials.account_number, content: 'epod-summary' },
    });
    if (answer.status === 404 || answer.status === 400) return undefined;
    if (answer.status !== 200) throw new CarrierRejection(dhlRefusal(answer));
    const doc = (answer.body as DhlEpodAnswer).documents?.find((d) => /pdf/i.test(d.encodingFormat));
    return doc ? Buffer.from(doc.content, 'base64') : undefined;
  }
}
