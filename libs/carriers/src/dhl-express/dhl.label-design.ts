import type { Address } from '@waybill/carrier-model';
import type { LabelDesign, RoutingInput } from '@waybill/carrier-model';

/** How Waybill draws a DHL Express label when it must; DHL's own labels, stored at booking, are served otherwise. */
export const DHL_LABEL_DESIGN: LabelDesign = {
  brand: 'DHL Express', native: 'zpl', symbology: 'datamatrix', serviceMark: 'EXP', inverseServiceMark: true,
  trackingCaption: 'WAYBILL', routingFirst: true, zplMediaTracking: 'Y',
};

/** Destination country and postcode's first part, e.g. `GB-SW1A`. */
export function dhlSortCode(destination: Address): string {
  return `${destination.country.toUpperCase()}-${destination.postcode.trim().toUpperCase().split(/\s+/)[0].slice(0, 6)}`;
}

export function dhlRoutingCode(input: RoutingInput): string {
  return ['DHL', input.service.code, input.destination.country.toUpperCase(), input.destination.postcode.replace(/\s+/g, '').toUpperCase(),
    input.trackingNumber, `${input.packageNumber}/${input.packageCount}`].join('|');
}
