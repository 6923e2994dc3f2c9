import type { BookingLabelFormat } from '../accounts';
import { CarrierRejection, type Address, type BookingRequest, type Contact } from '@waybill/carrier-model';
import { crossesCustomsBorder } from '@waybill/carrier-model';
import { upsInvoice } from './ups.customs.mapper';
import { f, imperialOrigin, upsAddress, upsPackage, upsPhone } from './ups.fields';
import { UPS_PRINT_RETURN_LABEL, type UPS_SERVICES } from './ups.profile';
import type { UpsParty, UpsReference, UpsShipRequest } from './ups.types';

type UpsService = (typeof UPS_SERVICES)[number];

function party(a: Address, contact: Contact | null | undefined, field: string, international: boolean, contactField: string): UpsParty {
  const name = f.required(a.company_name || a.name, 35, `${field}.${a.company_name ? 'company_name' : 'name'}`);
  // UPS wants an attention name on international shipments. A warehouse's address often carries only the
  // company's name (the admin CLI sets no person): then the company is the contact, as DHL's mapper does.
  const attention = f.fit(a.name || a.company_name, 35, `${field}.${a.name ? 'name' : 'company_name'}`);
  const phone = upsPhone(contact, a.country, contactField);
  if (international && !phone) {
    throw new CarrierRejection(`UPS cannot take ${contactField}: UPS needs a phone number on international shipments`);
  }
  const email = f.fit(contact?.email, 50, `${field}.email`);
  return {
    Name: name,
    ...(attention ? { AttentionName: attention } : {}),
    ...(phone ? { Phone: phone } : {}),
    ...(email ? { EMailAddress: email } : {}),
    Address: upsAddress(a, field),
  };
}

const compactDate = (iso: string) => iso.slice(0, 10).replace(/-/g, '');

/**
 * The parties of a return (docs/carriers/ups.md#returns): the account holder is the Shipper and gets the
 * parcel (ShipTo, the returns warehouse: the booking's destination), and ShipFrom is where UPS collects it
 * (the outbound's recipient: the booking's origin).
 */
function returnParties(req: BookingRequest, international: boolean) {
  const warehouse = party(req.destination, req.destinationContact, 'warehouse', international, 'warehouse.phone');
  const sender = party(req.origin, req.originContact, 'sender', international, 'sender.contact_number');
  return { shipper: warehouse, shipTo: warehouse, shipFrom: sender };
}

/** An outbound's parties: the warehouse ships from itself to the recipient. */
function outboundParties(req: BookingRequest, international: boolean) {
  const shipper = party(req.origin, req.originContact, 'warehouse', international, 'warehouse.phone');
  return { shipper, shipTo: party(req.destination, req.destinationContact, 'recipient', international, 'recipient.contact_number'), shipFrom: shipper };
}

/**
 * A Waybill booking as UPS's ship request: the warehouse as shipper and ship-from (on a return, the
 * parties of `returnParties` and ReturnService code 9), billed to the
 * account's shipper number, the service's code, packages in the origin's units, the order number as
 * the reference (per package on US and Puerto Rico domestic routes, where UPS takes it only there),
 * and the invoice data when the route crosses a customs border.
 */
export function upsShipRequest(
  req: BookingRequest, service: UpsService, accountNumber: string, labelFormat: BookingLabelFormat,
): UpsShipRequest {
  const from = req.origin.country.toUpperCase();
  const to = req.destination.country.toUpperCase();
  const international = from !== to;
  const returning = service.return === true;
  const { shipper, shipTo, shipFrom } = returning ? returnParties(req, international) : outboundParties(req, international);
  const reference: UpsReference[] = [{ Value: f.required(req.orderNumber, 35, 'order_number') }];
  const domesticUs = imperialOrigin(from) && imperialOrigin(to);
  if (req.parcels.length === 0) throw new CarrierRejection('UPS cannot take packages: a shipment needs at least one package');
  if (req.parcels.length > 200) throw new CarrierRejection('UPS cannot take packages: UPS takes at most 200 packages a shipment');
  // UPS wants each package of a return described.
  const packageDescription = returning ? f.fit(req.description, 35, 'description') ?? 'Returned goods' : undefined;
  const packages = req.parcels.map((p, i) => {
    const pkg = { ...(packageDescription ? { Description: packageDescription } : {}), ...upsPackage(p, i, from, service.maxParcelWeightKg) };
    const ref = f.fit(p.reference, 35, `packages.${i}.reference`);
    const refs = [...(domesticUs ? reference : []), ...(ref ? [{ Value: ref }] : [])];
    return refs.length ? { ...pkg, ReferenceNumber: refs } : pkg;
  });
  const invoice = req.customs && crossesCustomsBorder(from, to) ? upsInvoice(req) : undefined;
  const description = f.fit(req.description, 50, 'description') ?? (international ? 'Merchandise' : undefined);
  return {
    ShipmentRequest: {
      Request: { RequestOption: 'nonvalidate', TransactionReference: { CustomerContext: req.consignmentIdentifier } },
      Shipment: {
        ...(description ? { Description: description } : {}),
        Shipper: { ...shipper, ShipperNumber: accountNumber },
        ShipTo: shipTo,
        ShipFrom: (({ EMailAddress: _email, ...from }) => from)(shipFrom),
        PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: accountNumber } }] },
        Service: { Code: service.code, Description: service.name },
        ...(domesticUs ? {} : { ReferenceNumber: reference }),
        ...(req.shippingDate ? { ShipmentDate: compactDate(req.shippingDate) } : {}),
        ...(invoice ? { ShipmentServiceOptions: { InternationalForms: invoice } } : {}),
        ...(returning ? { ReturnService: UPS_PRINT_RETURN_LABEL } : {}),
        Package: packages,
      },
      LabelSpecification: {
        LabelImageFormat: { Code: labelFormat === 'zpl' ? 'ZPL' : 'GIF' },
        ...(labelFormat === 'zpl' ? {} : { HTTPUserAgent: 'Mozilla/4.5' }),
        LabelStockSize: { Height: '6', Width: '4' },
      },
    },
  };
}
