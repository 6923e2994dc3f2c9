import type { Address } from '@waybill/carrier-model';
import type { LabelDesign, RoutingInput } from '@waybill/carrier-model';

/**
 * How Waybill draws a Royal Mail label when it must (a consignment booked before labels were stored):
 * Click & Drop's own PDF labels, stored at booking, are what documents serve otherwise.
 */
export const RM_LABEL_DESIGN: LabelDesign = {
  brand: 'Royal Mail', native: 'pdf', symbology: 'datamatrix', serviceMark: 'RM', inverseServiceMark: false,
  trackingCaption: 'TRACKED', routingFirst: false,
};

/** The outward code of the postcode, as Royal Mail's mail centres sort by it, e.g. `SW1A`. */
export function rmSortCode(destination: Address): string {
  return destination.postcode.trim().toUpperCase().split(/\s+/)[0].slice(0, 4) || destination.country.toUpperCase();
}

export function rmRoutingCode(input: RoutingInput): string {
  return ['RM', input.service.code, input.destination.postcode.replace(/\s+/g, '').toUpperCase(), input.destination.country.toUpperCase(),
    input.trackingNumber, `${input.packageNumber}/${input.packageCount}`].join('|');
}
