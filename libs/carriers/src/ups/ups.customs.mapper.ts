import { CarrierRejection, type BookingRequest } from '@waybill/carrier-model';
import { wrapLines } from '../kit/address';
import { f } from './ups.fields';
import { UPS_INCOTERMS } from './ups.ship.schema';
import type { UpsInternationalForms, UpsProduct } from './ups.types';

/** Waybill's reason_for_export in UPS's words (SALE, GIFT, SAMPLE, RETURN, REPAIR, or another reason). */
const REASONS: Record<string, string> = {
  merchandise: 'SALE', sample: 'SAMPLE', gift: 'GIFT', returns: 'RETURN', documents: 'DOCUMENTS', personal: 'PERSONAL', other: 'OTHER',
};

/** Up to three lines of 35: longer descriptions wrap at spaces, never cut. */
function descriptionLines(text: string, field: string): string[] {
  const wrapped = wrapLines([f.required(text, Number.MAX_SAFE_INTEGER, field)], 35, 3);
  return wrapped.ok ? wrapped.lines : f.refuse(field, 'UPS accepts 3 lines of 35 characters');
}

/** The commercial invoice UPS produces (FormType 01) from the consignment's customs data. */
export function upsInvoice(req: BookingRequest): UpsInternationalForms {
  const customs = req.customs!;
  if (customs.items.length === 0) throw new CarrierRejection('UPS cannot take items: an international shipment needs its items for the invoice');
  if (customs.items.length > 50) throw new CarrierRejection(`UPS cannot take items: UPS's invoice holds at most 50 lines, this has ${customs.items.length}`);
  const products = customs.items.map((item, i): UpsProduct => {
    const field = `items.${i}`;
    const hs = item.hsCode?.replace(/[^0-9A-Za-z]/g, '');
    if (hs && (hs.length < 6 || hs.length > 15)) throw new CarrierRejection(`UPS cannot take ${field}.harmonisation_code: UPS needs 6 to 15 letters or digits`);
    const origin = f.fit(item.originCountry?.toUpperCase(), 2, `${field}.country_of_origin`);
    // UPS requires a part number on each invoice line: the SKU, else the line's number.
    const partNumber = f.fit(item.sku, 35, `${field}.sku`) ?? String(i + 1);
    return {
      Description: descriptionLines(item.description, `${field}.name`),
      Unit: { Number: String(Math.max(1, Math.round(item.quantity))), UnitOfMeasurement: { Code: 'PCS' }, Value: f.required(item.unitValue, 19, `${field}.value`) },
      ...(hs ? { CommodityCode: hs } : {}),
      PartNumber: partNumber,
      ...(origin ? { OriginCountryCode: origin } : {}),
    };
  });
  const incoterm = customs.incoterm?.trim().toUpperCase();
  return {
    FormType: ['01'],
    Product: products,
    InvoiceNumber: f.required(customs.invoiceNumber, 35, 'invoice number'),
    InvoiceDate: customs.invoiceDate.slice(0, 10).replace(/-/g, ''),
    PurchaseOrderNumber: f.required(req.orderNumber, 35, 'order_number'),
    ...(incoterm && UPS_INCOTERMS.includes(incoterm) ? { TermsOfShipment: incoterm } : {}),
    ReasonForExport: REASONS[customs.reasonForExport?.toLowerCase() ?? 'merchandise'] ?? 'SALE',
    CurrencyCode: f.required(customs.currency?.toUpperCase(), 3, 'currency'),
  };
}
