import { dhlExpressSchemas } from '@waybill/carriers';
import { invoicePdf } from '../ups/ups.double.documents';
import { schemaProblems, type DoubleAnswer, type DoubleRequest } from '../kit/double-server';
import { shipmentRuleProblems } from './dhl.double.rules';
import type { DhlDoubleAccount, DhlDoubleShipment, DhlDoubleState } from './dhl.double.state';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Violate = (p: string[]) => DoubleAnswer | undefined;

/** MyDHL's error shape. */
export function dhlProblem(status: number, detail: string, title = 'Error', additionalDetails?: string[]): DoubleAnswer {
  return { status, body: { instance: '/expressapi', detail, title, status: String(status), ...(additionalDetails ? { additionalDetails } : {}) } };
}


export function label(format: string, piece: string, shipment: string, to: Json): Buffer {
  if (format === 'zpl') {
    return Buffer.from(['^XA', '^FO30,30^A0N,50,50^FDDHL EXPRESS^FS', `^FO30,100^A0N,30,30^FDTO ${to.cityName} ${to.postalCode} ${to.countryCode}^FS`,
      `^FO30,160^BY2^BCN,120,Y,N,N^FD${shipment}^FS`, `^FO30,330^BY2^BCN,100,Y,N,N^FD${piece}^FS`, '^XZ', ''].join('\n'), 'latin1');
  }
  return invoicePdf(['DHL EXPRESS', `WAYBILL ${shipment}`, `PIECE ${piece}`, `TO ${to.cityName} ${to.postalCode} ${to.countryCode}`]);
}

export function ship(s: DhlDoubleState, account: DhlDoubleAccount, req: DoubleRequest, violate: Violate): DoubleAnswer {
  const b = req.body as Json;
  const bad = violate([...schemaProblems(dhlExpressSchemas.shipmentRequestSchema, b, 'body'), ...shipmentRuleProblems(b ?? {}, account.accountNumber)]);
  if (bad) return bad;
  const to = b.customerDetails.receiverDetails.postalAddress;
  if (/^ZZ9/i.test(to.postalCode)) return dhlProblem(422, '410928: Postal code or city of the receiver is not valid for the destination country', 'Unprocessable Entity');
  const shipment = String(s.next()).padStart(10, '9');
  const pieces = b.content.packages.map(() => `JD01460000${String(s.next()).padStart(10, '0')}`);
  const pickup = b.pickup.isRequested ? `CBJ${s.next()}` : undefined;
  if (pickup) s.pickups.set(pickup, { cancelled: false });
  const record: DhlDoubleShipment = { shipmentTrackingNumber: shipment, pieces, accountNumber: account.accountNumber, productCode: b.productCode, pickup, events: [{ typeCode: 'SA', description: 'Shipment information received', at: new Date() }] };
  s.shipments.set(shipment, record);
  const format = b.outputImageProperties?.encodingFormat ?? 'pdf';
  const wantsInvoice = b.outputImageProperties?.imageOptions?.some((o: Json) => o.typeCode === 'invoice' && o.isRequested);
  const lines = b.content.exportDeclaration?.lineItems ?? [];
  const invoice = wantsInvoice ? invoicePdf(['COMMERCIAL INVOICE', `Invoice ${b.content.exportDeclaration?.invoice?.number} of ${b.content.exportDeclaration?.invoice?.date}`, `Waybill ${shipment}`,
    ...lines.map((l: Json) => `${l.quantity.value} x ${l.description} ${l.commodityCodes?.[0]?.value ?? ''} ${l.manufacturerCountry} ${l.price} ${b.content.declaredValueCurrency}`), `Incoterm ${b.content.incoterm}`]) : undefined;
  return { status: 201, body: {
    url: '/expressapi/shipments', shipmentTrackingNumber: shipment, trackingUrl: `/expressapi/shipments/${shipment}/tracking`,
    ...(pickup ? { dispatchConfirmationNumber: pickup, cancelPickupUrl: `/expressapi/pickups/${pickup}` } : {}),
    packages: pieces.map((p: string, i: number) => ({ referenceNumber: i + 1, trackingNumber: p, trackingUrl: `/expressapi/shipments/${shipment}/tracking?PieceID=${p}` })),
    documents: [
      ...pieces.map((p: string, i: number) => ({ imageFormat: format.toUpperCase(), content: label(format, p, shipment, to).toString('base64'), typeCode: 'label', packageReferenceNumber: i + 1 })),
      ...(invoice ? [{ imageFormat: 'PDF', content: invoice.toString('base64'), typeCode: 'invoice' }] : []),
    ],
  } };
}

const iso = (d: Date) => ({ date: d.toISOString().slice(0, 10), time: d.toISOString().slice(11, 19), GMTOffset: '+00:00' });

export function track(s: DhlDoubleState, account: DhlDoubleAccount, req: DoubleRequest, violate: Violate): DoubleAnswer {
  const numbers = [...req.query.getAll('shipmentTrackingNumber'), ...req.query.getAll('pieceTrackingNumber')];
  const bad = violate([
    ...schemaProblems(dhlExpressSchemas.trackingQuerySchema, { shipmentTrackingNumber: numbers, ...Object.fromEntries(['trackingView', 'levelOfDetail'].filter((k) => req.query.has(k)).map((k) => [k, req.query.get(k)])) }, 'query'),
    ...req.query.getAll('shipmentTrackingNumber').filter((n) => !/^\d{10}$/.test(n)).map((n) => `query shipmentTrackingNumber ${n} is not a shipment number`),
  ]);
  if (bad) return bad;
  const found = [...new Set(numbers.map((n) => s.shipmentOf(n)).filter((x): x is DhlDoubleShipment => !!x && x.accountNumber === account.accountNumber))];
  if (found.length === 0) return dhlProblem(404, 'No shipment with given tracking number found', 'Not Found');
  const events = (sh: DhlDoubleShipment) => [...sh.events].sort((a, b) => a.at.getTime() - b.at.getTime()).map((e) => ({
    ...iso(e.at), typeCode: e.typeCode, description: e.description, serviceArea: [{ code: 'LHR', description: e.location ?? 'London-Heathrow-GB' }], ...(e.signedBy ? { signedBy: e.signedBy } : {}),
  }));
  return { status: 200, body: { shipments: found.map((sh) => ({
    shipmentTrackingNumber: sh.shipmentTrackingNumber, status: sh.events.at(-1)?.typeCode === 'OK' ? 'delivered' : 'transit', productCode: sh.productCode,
    events: events(sh), numberOfPieces: sh.pieces.length, pieces: sh.pieces.map((p, i) => ({ number: i + 1, trackingNumber: p, events: events(sh) })),
  })) } };
}

export function epod(s: DhlDoubleState, account: DhlDoubleAccount, req: DoubleRequest, violate: Violate): DoubleAnswer {
  const bad = violate([
    ...schemaProblems(dhlExpressSchemas.epodQuerySchema, Object.fromEntries(req.query), 'query'),
    ...(req.query.get('shipperAccountNumber') === account.accountNumber ? [] : ['shipperAccountNumber must be the account the credentials belong to']),
  ]);
  if (bad) return bad;
  const sh = s.shipmentOf(req.params[0]);
  const delivered = sh?.events.find((e) => e.typeCode === 'OK');
  if (!sh || !delivered) return dhlProblem(404, 'ePOD not found for the shipment', 'Not Found');
  const pdf = invoicePdf(['DHL EXPRESS PROOF OF DELIVERY', `Waybill ${sh.shipmentTrackingNumber}`, `Delivered ${delivered.at.toISOString()}`, `Signed by ${delivered.signedBy ?? 'UNKNOWN'}`]);
  return { status: 200, body: { documents: [{ encodingFormat: 'PDF', content: pdf.toString('base64'), typeCode: 'POD' }] } };
}

export function cancelPickup(s: DhlDoubleState, _account: DhlDoubleAccount, req: DoubleRequest, violate: Violate): DoubleAnswer {
  const bad = violate(schemaProblems(dhlExpressSchemas.pickupCancelQuerySchema, Object.fromEntries(req.query), 'query'));
  if (bad) return bad;
  const pickup = s.pickups.get(req.params[0]);
  if (!pickup || pickup.cancelled) return dhlProblem(404, 'Pickup not found or already cancelled', 'Not Found');
  pickup.cancelled = true;
  return { status: 200, body: undefined };
}

export function addressValidate(_s: DhlDoubleState, _account: DhlDoubleAccount, req: DoubleRequest, violate: Violate): DoubleAnswer {
  const q = Object.fromEntries(req.query);
  const bad = violate(schemaProblems(dhlExpressSchemas.addressValidateQuerySchema, q, 'query'));
  if (bad) return bad;
  return { status: 200, body: { address: [{ countryCode: q.countryCode, postalCode: q.postalCode ?? '', cityName: (q.cityName ?? '').toUpperCase(), serviceArea: { code: 'LON', description: 'London-GB' } }] } };
}
