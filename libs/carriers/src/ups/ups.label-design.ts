import type { Address } from '@waybill/carrier-model';
import type { LabelDesign, RoutingInput } from '@waybill/carrier-model';

/**
 * How Waybill draws a UPS label when it must (a consignment booked before labels were stored): UPS's
 * own labels, stored at booking, are what documents serve otherwise.
 */
export const UPS_LABEL_DESIGN: LabelDesign = {
  brand: 'UPS', native: 'zpl', symbology: 'qrcode', serviceMark: 'UPS', inverseServiceMark: true,
  trackingCaption: 'TRACKING #', routingFirst: true, zplMediaTracking: 'Y',
};

/** Destination country and the outward part of its postcode, e.g. `GB SW1`. */
export function upsSortCode(destination: Address): string {
  const outward = destination.postcode.trim().toUpperCase().split(/\s+/)[0].slice(0, 5);
  return `${destination.country.toUpperCase()} ${outward}`;
}

export function upsRoutingCode(input: RoutingInput): string {
  return ['UPS', input.service.code, input.destination.country.toUpperCase(), input.destination.postcode.replace(/\s+/g, '').toUpperCase(),
    input.trackingNumber, `${input.packageNumber}/${input.packageCount}`].join('|');
}
