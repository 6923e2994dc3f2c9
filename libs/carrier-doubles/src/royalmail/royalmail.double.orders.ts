import { invoicePdf } from '../ups/ups.double.documents';
import type { DoubleAnswer, DoubleRequest } from '../kit/double-server';
import { orderRuleProblems } from './royalmail.double.rules';
import type { RmDoubleAccount, RmDoubleOrder, RmDoubleState } from './royalmail.double.state';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const DEFAULT_CODES = ['TPN24', 'TPN48', 'SD1', 'MP1'];

/** A one-page PDF label (with the CN22 line when asked), as Click & Drop returns them: base64 in JSON. */
function labelOf(order: RmDoubleOrder, o: Json, withCn: boolean): string {
  const a = o.recipient.address;
  return invoicePdf([
    'ROYAL MAIL', `Service ${order.serviceCode}`, `Tracking ${order.trackingNumber}`, `${a.fullName ?? a.companyName}`,
    `${a.addressLine1}, ${a.city} ${a.postcode ?? ''} ${a.countryCode}`, `Ref ${o.orderReference ?? ''}`,
    ...(withCn ? ['CN22 CUSTOMS DECLARATION', ...(o.packages?.[0]?.contents ?? []).map((c: Json) => `${c.quantity} x ${c.customsDescription} ${c.customsCode ?? ''} ${c.originCountryCode} ${c.unitValue} ${o.currencyCode}`)] : []),
  ]).toString('base64');
}

const info = ({ events: _e, apiKey: _k, serviceCode: _s, postcode: _p, signed: _g, ...o }: RmDoubleOrder) => ({ ...o, packages: [{ packageNumber: 1, trackingNumber: o.trackingNumber }] });

export function createOrders(s: RmDoubleState, account: RmDoubleAccount, req: DoubleRequest, violate: (p: string[]) => DoubleAnswer | undefined): DoubleAnswer {
  const items = (req.body as Json).items as Json[];
  const bad = violate(items.flatMap((o, i) => orderRuleProblems(o, i)));
  if (bad) return bad;
  const created: Json[] = [];
  const failed: Json[] = [];
  for (const o of items) {
    const postcode: string | undefined = o.recipient.address.postcode;
    if (/^ZZ9/i.test(postcode ?? '')) {
      failed.push({ order: o, errors: [{ errorCode: 25, errorMessage: 'The postcode is not valid for the destination country', fields: [{ fieldName: 'recipient.address.postcode', value: postcode }] }] });
      continue;
    }
    if (!(account.serviceCodes ?? DEFAULT_CODES).includes(o.postageDetails.serviceCode)) {
      failed.push({ order: o, errors: [{ errorCode: 40, errorMessage: `Service code ${o.postageDetails.serviceCode} is not available on this account`, fields: [{ fieldName: 'postageDetails.serviceCode', value: o.postageDetails.serviceCode }] }] });
      continue;
    }
    const now = new Date().toISOString();
    const order: RmDoubleOrder = {
      orderIdentifier: s.newOrderId(), orderReference: o.orderReference, apiKey: account.apiKey, createdOn: now,
      trackingNumber: s.newTrackingNumber(), serviceCode: o.postageDetails.serviceCode, postcode, events: [], signed: false,
    };
    const wantsLabel = o.label?.includeLabelInResponse === true;
    if (wantsLabel && account.oba) order.printedOn = now;
    s.orders.set(order.orderIdentifier, order);
    created.push({
      ...info(order), orderDate: o.orderDate,
      ...(wantsLabel && account.oba ? { label: labelOf(order, o, o.label.includeCN === true), generatedDocuments: ['postageLabel', ...(o.label.includeCN ? ['CN22'] : [])] } : {}),
      ...(wantsLabel && !account.oba ? { labelErrors: [{ code: 'LabelGenerationNotAvailable', message: 'Label generation through the API is reserved for OBA accounts' }] } : {}),
    });
  }
  return { status: 200, body: { successCount: created.length, errorsCount: failed.length, createdOrders: created, failedOrders: failed } };
}

export function listOrders(s: RmDoubleState, account: RmDoubleAccount): DoubleAnswer {
  return { status: 200, body: { orders: [...s.orders.values()].filter((o) => o.apiKey === account.apiKey).slice(-1).map(info) } };
}

const mine = (s: RmDoubleState, account: RmDoubleAccount, ids: string) =>
  ids.split(';').map((id) => ({ id, order: s.orders.get(Number(id)) })).map(({ id, order }) => ({ id, order: order?.apiKey === account.apiKey ? order : undefined }));

export function getOrders(s: RmDoubleState, account: RmDoubleAccount, ids: string): DoubleAnswer {
  const found = mine(s, account, ids).filter((x) => x.order).map((x) => info(x.order!));
  return found.length ? { status: 200, body: found } : { status: 404, body: [{ code: 'OrderNotFound', message: 'No orders found' }] };
}

export function deleteOrders(s: RmDoubleState, account: RmDoubleAccount, ids: string): DoubleAnswer {
  const deleted: Json[] = [];
  const errors: Json[] = [];
  for (const { id, order } of mine(s, account, ids)) {
    if (!order) errors.push({ orderIdentifier: Number(id), code: 'OrderNotFound', message: 'Order not found' });
    else if (order.manifestedOn) errors.push({ orderIdentifier: order.orderIdentifier, code: 'OrderManifested', message: 'Manifested orders cannot be deleted' });
    else {
      s.orders.delete(order.orderIdentifier);
      deleted.push({ orderIdentifier: order.orderIdentifier, orderReference: order.orderReference, orderInfo: 'Deleted' });
    }
  }
  return { status: 200, body: { deletedOrders: deleted, errors } };
}

export function manifest(s: RmDoubleState, account: RmDoubleAccount): DoubleAnswer {
  const eligible = [...s.orders.values()].filter((o) => o.apiKey === account.apiKey && o.printedOn && !o.manifestedOn);
  if (eligible.length === 0) return { status: 400, body: { errors: [{ code: 'NoEligibleOrders', description: 'There are no orders eligible to be manifested' }] } };
  const number = s.newManifestNumber();
  const now = new Date().toISOString();
  for (const o of eligible) o.manifestedOn = now;
  const pdf = invoicePdf(['ROYAL MAIL MANIFEST', `Manifest ${number}`, ...eligible.map((o) => `${o.trackingNumber} ${o.serviceCode}`)]).toString('base64');
  s.manifests.set(number, { apiKey: account.apiKey, orders: eligible.map((o) => o.orderIdentifier), pdf, ready: true });
  return { status: 201, body: { manifestNumber: number, documentPdf: pdf } };
}

export function manifestDetails(s: RmDoubleState, account: RmDoubleAccount, number: number): DoubleAnswer {
  const m = s.manifests.get(number);
  if (!m || m.apiKey !== account.apiKey) return { status: 404, body: { errors: [{ code: 'ManifestNotFound', description: 'Manifest not found' }] } };
  return { status: 200, body: { manifestNumber: number, status: 'Completed', documentPdf: m.pdf } };
}
