import { upsSchemas } from '@waybill/carriers';
import { schemaProblems, type DoubleAnswer, type DoubleRequest } from '../kit/double-server';
import { shipRuleProblems } from './ups.double.checks';
import { gifLabel, invoicePdf, zplLabel } from './ups.double.documents';
import type { DoubleState } from './ups.double.state';
import { error, trackAnswer } from './ups.double.answers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A request to the double with what its routes answer from (the token's body is the form's fields). */
export interface Exchange extends DoubleRequest {
  state: DoubleState;
  tokenLifetimeS: number;
  /** Records violations of UPS's description (also answered 400, code DOUBLE). */
  violate(problems: string[]): DoubleAnswer | undefined;
}

export function token(x: Exchange): DoubleAnswer {
  const auth = x.headers.authorization ?? '';
  const form = x.body;
  const bad = x.violate([
    ...(x.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? [] : ['token request must be a form body']),
    ...(auth.startsWith('Basic ') ? [] : ['token request must authenticate with HTTP Basic (client_secret_basic)']),
    ...schemaProblems(upsSchemas.tokenFormSchema, form, 'form'),
  ]);
  if (bad) return bad;
  const [id, ...rest] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
  const client = x.state.clients.get(id);
  if (!client || client.clientSecret !== rest.join(':')) return error(401, '250002', 'Invalid Authentication Information.');
  const issued = x.state.issueToken(client, x.tokenLifetimeS);
  return { status: 200, body: {
    token_type: 'Bearer', issued_at: String(Date.now()), client_id: id, access_token: issued,
    scope: '', expires_in: String(x.tokenLifetimeS), refresh_count: '0', status: 'approved',
  } };
}

export function headerProblems(x: Exchange, required: boolean): string[] {
  const h = { transid: x.headers.transid, transactionsrc: x.headers.transactionsrc };
  if (!required && !h.transid && !h.transactionsrc) return [];
  return schemaProblems(upsSchemas.transactionHeadersSchema, Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)), 'headers');
}

export function ship(x: Exchange, accountNumber: string): DoubleAnswer {
  const body = x.body as Json | undefined;
  const bad = x.violate([
    ...headerProblems(x, false),
    ...(x.path.split('/')[3] === 'v2409' ? [] : [`version ${x.path.split('/')[3]} is not v2409`]),
    ...schemaProblems(upsSchemas.shipQuerySchema, Object.fromEntries(x.query), 'query'),
    ...schemaProblems(upsSchemas.shipRequestSchema, body, 'body'),
    ...shipRuleProblems(body ?? {}, accountNumber),
  ]);
  if (bad) return bad;
  const s = body!.ShipmentRequest.Shipment;
  if (/^ZZ9/i.test(s.ShipTo.Address.PostalCode ?? '')) return error(400, '120802', 'Address Validation Error on ShipTo address');
  const serviceCode: string = s.Service.Code;
  const numbers: string[] = s.Package.map(() => x.state.nextTrackingNumber(accountNumber, serviceCode));
  const zpl = body!.ShipmentRequest.LabelSpecification.LabelImageFormat.Code === 'ZPL';
  const to = s.ShipTo.Address;
  x.state.shipments.set(numbers[0], { shipmentId: numbers[0], trackingNumbers: numbers, voided: false, delivered: false });
  for (const n of numbers) x.state.activity.set(n, [{ type: 'M', code: 'MP', description: 'Shipper created a label, UPS has not received the package yet.', at: new Date() }]);
  const forms = s.ShipmentServiceOptions?.InternationalForms;
  const invoice = forms?.FormType?.includes('01') ? invoicePdf([
    'COMMERCIAL INVOICE', `Invoice ${forms.InvoiceNumber} of ${forms.InvoiceDate}`, `Waybill ${numbers[0]}`,
    `Ship to ${to.City} ${to.PostalCode ?? ''} ${to.CountryCode}`,
    ...forms.Product.map((p: Json) => `${p.Unit.Number} x ${p.Description.join(' ')} ${p.CommodityCode ?? ''} ${p.OriginCountryCode ?? ''} ${p.Unit.Value} ${forms.CurrencyCode}`),
    `Reason for export: ${forms.ReasonForExport}`,
  ]) : undefined;
  return { status: 200, body: { ShipmentResponse: {
    Response: { ResponseStatus: { Code: '1', Description: 'Success' }, Alert: [], TransactionReference: body!.ShipmentRequest.Request.TransactionReference },
    ShipmentResults: {
      ShipmentIdentificationNumber: numbers[0],
      BillingWeight: { UnitOfMeasurement: { Code: s.Package[0].PackageWeight?.UnitOfMeasurement?.Code ?? 'KGS' }, Weight: '1.0' },
      PackageResults: numbers.map((n) => ({
        TrackingNumber: n,
        ShippingLabel: {
          ImageFormat: { Code: zpl ? 'ZPL' : 'GIF', Description: zpl ? 'ZPL' : 'GIF' },
          GraphicImage: (zpl ? zplLabel(n, serviceCode, { city: to.City, postcode: to.PostalCode, country: to.CountryCode }) : gifLabel(n)).toString('base64'),
        },
      })),
      ...(invoice ? { Form: { Code: '01', Description: 'All Requested International Forms', Image: { ImageFormat: { Code: 'PDF', Description: 'PDF' }, GraphicImage: invoice.toString('base64') } } } : {}),
    },
  } } };
}

export function voidShipment(x: Exchange): DoubleAnswer {
  const [, , , version, , , id] = x.path.split('/');
  const bad = x.violate([...headerProblems(x, false), ...schemaProblems(upsSchemas.voidPathSchema, { version, shipmentId: decodeURIComponent(id ?? '') }, 'path')]);
  if (bad) return bad;
  const shipment = x.state.shipments.get(decodeURIComponent(id));
  if (!shipment) return error(400, '190100', 'No shipment found within the allowed void period');
  if (!shipment.voided) {
    shipment.voided = true;
    for (const n of shipment.trackingNumbers) x.state.activity.get(n)?.push({ type: 'MV', code: 'MV', description: 'Shipment voided', at: new Date() });
  }
  return { status: 200, body: { VoidShipmentResponse: {
    Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
    SummaryResult: { Status: { Code: '1', Description: 'Voided' } },
  } } };
}

export function track(x: Exchange): DoubleAnswer {
  const inquiryNumber = decodeURIComponent(x.path.split('/')[5] ?? '');
  const bad = x.violate([
    ...headerProblems(x, true),
    ...schemaProblems(upsSchemas.trackPathSchema, { inquiryNumber }, 'path'),
    ...schemaProblems(upsSchemas.trackQuerySchema, Object.fromEntries(x.query), 'query'),
  ]);
  if (bad) return bad;
  const activity = x.state.activity.get(inquiryNumber);
  if (!activity) return error(404, '151044', 'No tracking information available');
  const delivered = activity.some((a) => a.type === 'D');
  return { status: 200, body: trackAnswer(inquiryNumber, activity, delivered && x.query.get('returnSignature') === 'true') };
}

export function subscribe(x: Exchange): DoubleAnswer {
  const body = x.body as Json | undefined;
  const type = x.path.split('/')[5];
  const bad = x.violate([
    ...headerProblems(x, true),
    ...(type === 'standard' || type === 'enhanced' ? [] : [`subscription type ${type} is not standard or enhanced`]),
    ...schemaProblems(upsSchemas.subscriptionRequestSchema, body, 'body'),
  ]);
  if (bad) return bad;
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const n of body!.trackingNumberList as string[]) (x.state.activity.has(n) ? valid : invalid).push(n);
  valid.forEach((n) => x.state.subscriptions.add(n));
  return { status: 200, body: { validTrackingNumbers: valid, ...(invalid.length ? { invalidTrackingNumbers: invalid } : {}) } };
}
