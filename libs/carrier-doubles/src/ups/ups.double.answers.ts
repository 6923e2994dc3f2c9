import { encodeGif } from '@waybill/carriers';
import type { DoubleAnswer } from '../kit/double-server';
import type { DoubleActivity } from './ups.double.state';

/** UPS's error shape: `{"response": {"errors": [{"code", "message"}]}}`. */
export function error(status: number, code: string, message: string): DoubleAnswer {
  return { status, body: { response: { errors: [{ code, message }] } } };
}

const date = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
const time = (d: Date) => d.toISOString().slice(11, 19).replace(/:/g, '');

/** A small signature scrawl, a GIF as UPS's signature images are. */
const signatureGif = () => encodeGif(200, 60, (x, y) => Math.abs(y - 30 - Math.round(20 * Math.sin(x / 12))) < 2);

/** The Tracking API's answer for one package: activity newest first, delivery evidence when asked. */
export function trackAnswer(trackingNumber: string, activity: DoubleActivity[], withProof: boolean): unknown {
  const newestFirst = [...activity].sort((a, b) => b.at.getTime() - a.at.getTime());
  return { trackResponse: { shipment: [{
    inquiryNumber: trackingNumber,
    package: [{
      trackingNumber,
      activity: newestFirst.map((a) => ({
        location: { address: { city: a.city ?? '', countryCode: a.country ?? '', country: a.country ?? '' } },
        status: { type: a.type, code: a.code, description: a.description, statusCode: '000' },
        date: date(a.at), time: time(a.at), gmtDate: date(a.at), gmtTime: time(a.at), gmtOffset: '+00:00',
      })),
      ...(withProof ? { deliveryInformation: { receivedBy: 'JONES', location: 'Front Door', signature: { image: signatureGif().toString('base64') } } } : {}),
    }],
  }] } };
}
