import { royalMailSchemas } from '@waybill/carriers';
import { schemaProblems, type DoubleAnswer, type DoubleRequest } from '../kit/double-server';
import type { RmDoubleState } from './royalmail.double.state';

const unauthorised: DoubleAnswer = { status: 401, body: { httpCode: '401', httpMessage: 'Unauthorized', moreInformation: 'Client id not registered.' } };

function client(s: RmDoubleState, req: DoubleRequest) {
  return [...s.accounts.values()].find((a) => a.tracking?.clientId === req.headers['x-ibm-client-id'] && a.tracking?.clientSecret === req.headers['x-ibm-client-secret']);
}

/** GET /mailpieces/v2/summary: the latest event of up to 30 mail pieces, an error entry for unknown ones. */
export function summary(s: RmDoubleState, req: DoubleRequest, violate: (p: string[]) => DoubleAnswer | undefined): DoubleAnswer {
  const bad = violate([
    ...schemaProblems(royalMailSchemas.trackingHeadersSchema, req.headers, 'headers'),
    ...schemaProblems(royalMailSchemas.summaryQuerySchema, Object.fromEntries(req.query), 'query'),
  ]);
  if (bad) return bad;
  if (!client(s, req)) return unauthorised;
  const mailPieces = req.query.get('mailPieceId')!.split(',').map((id) => {
    const order = s.orderOfTracking(id);
    const last = order?.events.slice().sort((a, b) => a.at.getTime() - b.at.getTime()).pop();
    if (!last) return { mailPieceId: id, error: { errorCode: 'E1142', errorDescription: 'Tracking number not recognised' } };
    return {
      mailPieceId: id, carrierShortName: 'RM', carrierFullName: 'Royal Mail Group Ltd',
      summary: {
        uniqueItemId: id, oneDBarcode: id, productName: order!.serviceCode, lastEventCode: last.code, lastEventName: last.name,
        lastEventDateTime: last.at.toISOString().replace('.000Z', '+00:00'), lastEventLocationName: last.location, statusCategory: last.category, statusDescription: last.name,
      },
      links: { events: { href: `/mailpieces/v2/${id}/events`, title: 'Events', description: 'Get events' } },
    };
  });
  return { status: 200, body: { mailPieces } };
}

/** GET /mailpieces/v2/{id}/signature: the recipient's signature as an SVG, for signed-for items. */
export function signature(s: RmDoubleState, req: DoubleRequest, violate: (p: string[]) => DoubleAnswer | undefined): DoubleAnswer {
  const bad = violate(schemaProblems(royalMailSchemas.trackingHeadersSchema, req.headers, 'headers'));
  if (bad) return bad;
  if (!client(s, req)) return unauthorised;
  const order = s.orderOfTracking(req.params[0]);
  if (!order?.signed) return { status: 404, body: { httpCode: '404', httpMessage: 'Not Found', errors: [{ errorCode: 'E1144', errorDescription: 'No signature available' }] } };
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><path d="M5 40 C 40 5, 60 55, 100 30 S 160 10, 195 35" stroke="black" fill="none"/></svg>';
  return { status: 200, body: { mailPieces: { mailPieceId: order.trackingNumber, signature: { recipientName: 'SMITH', signatureDateTime: new Date().toISOString(), imageFormat: 'image/svg+xml', signatureImage: svg } } } };
}
