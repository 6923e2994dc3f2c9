import { CarrierRejection } from '@waybill/carrier-model';
import { UpsAuth, UpsRefusal } from './ups.auth';
import type { UpsTrackAnswer } from './ups.types';

/** The Tracking API's details of one number; undefined when UPS does not know it (404). */
export async function trackDetails(auth: UpsAuth, trackingNumber: string, withProof: boolean): Promise<UpsTrackAnswer | undefined> {
  const answer = await auth.send({
    operation: withProof ? 'proof_of_delivery' : 'track', method: 'GET', idempotent: true,
    path: `/api/track/v1/details/${encodeURIComponent(trackingNumber)}`,
    query: { locale: 'en_US', returnSignature: String(withProof), returnPOD: String(withProof), returnMilestones: 'false' },
  });
  if (answer.status === 404) return undefined;
  if (answer.status !== 200) throw UpsRefusal.of(answer);
  return answer.body as UpsTrackAnswer;
}

/** Track Alert v2 subscriptions, 100 numbers a request (UPS's limit). */
export async function subscribeBatches(auth: UpsAuth, numbers: string[]): Promise<{ subscribed: string[]; refused: string[] }> {
  const subscribed: string[] = [];
  const refused: string[] = [];
  for (let i = 0; i < numbers.length; i += 100) {
    const batch = numbers.slice(i, i + 100);
    const answer = await auth.send({
      operation: 'subscribe', method: 'POST', path: '/api/track/v2/subscription/standard/package', idempotent: true,
      body: { locale: 'en_US', trackingNumberList: batch },
    });
    const body = answer.body as { validTrackingNumbers?: string[]; invalidTrackingNumbers?: string[] } | undefined;
    if (answer.status === 200 || (answer.status === 400 && body?.invalidTrackingNumbers)) {
      subscribed.push(...(body?.validTrackingNumbers ?? []));
      refused.push(...(body?.invalidTrackingNumbers ?? batch.filter((n) => !body?.validTrackingNumbers?.includes(n))));
      continue;
    }
    throw new CarrierRejection(UpsRefusal.of(answer).message);
  }
  return { subscribed, refused };
}
