import type { Address, CarrierServiceDef } from './carrier';

/**
 * What a carrier prints on its labels. Every carrier's label carries the same facts (docs/api/labels-and-documents.md);
 * how it arranges and brands them, and what its 2D routing code and sort code hold, is the carrier's own.
 * The documents service turns this into one layout model that its ZPL, PDF and PNG writers all render.
 */
export type RoutingSymbology = 'datamatrix' | 'qrcode';

export interface LabelDesign {
  /** Brand printed in the header. */
  brand: string;
  /**
   * The carrier's mark as rows of `#` (black) and `.` (white). Printed as a bitmap graphic field
   * (ZPL ^GF, the one bitmap on a label; barcodes use the printer's own commands).
   */
  logo?: readonly string[];
  /** The format the carrier authors its labels in; a ZPL-native carrier's printers take ZPL as-is. */
  native: 'zpl' | 'pdf';
  symbology: RoutingSymbology;
  /** Large service mark in the header, e.g. `24` or `EXP`. */
  serviceMark: string;
  /** The service mark printed white on black, as express services are. */
  inverseServiceMark: boolean;
  /** Caption above the tracking barcode, e.g. `TRACKING #` or `WAYBILL`. */
  trackingCaption: string;
  /** The routing band (2D code and sort code) above the recipient rather than below it. */
  routingFirst: boolean;
  /** ZPL media tracking the carrier's label stock needs (^MN: Y gap/notch, M black mark, N continuous). */
  zplMediaTracking?: 'Y' | 'M' | 'N';
}

export interface RoutingInput {
  service: CarrierServiceDef;
  origin: Address;
  destination: Address;
  trackingNumber: string;
  /** 1-based. */
  packageNumber: number;
  packageCount: number;
}

/** Label members of the carrier interface; a real carrier implements them from its label specification. */
export interface CarrierLabels {
  labelDesign(service: CarrierServiceDef): LabelDesign;
  /** Depot sort code printed large so parcels can be routed by eye, e.g. `SW1-07`. */
  sortCode(destination: Address, service: CarrierServiceDef): string;
  /** Data of the 2D routing code: carrier, service, destination postcode and country, tracking number. */
  routingCode(input: RoutingInput): string;
}

// Declared here rather than in carrier.ts so each carrier capability (labels, manifests, tracking) keeps
// its members in its own file; every Carrier must implement them.
declare module './carrier' {
  interface Carrier extends CarrierLabels {}
}

/**
 * What carrier-link answers for a label Waybill draws (`POST /carrier-label-designs`): the carrier's label
 * design for the service, the sort code for the destination, one routing code per package (in package
 * order), and whether the route needs a customs invoice from this carrier. `drawn_by_waybill` false: the
 * carrier's labels are its own, stored at booking (`GET /carrier-bookings/{id}/labels`).
 */
export type LabelDrawing =
  | { drawn_by_waybill: false }
  | {
    drawn_by_waybill: true; carrier: { identifier: string; name: string }; service: CarrierServiceDef;
    design: LabelDesign; sort_code: string; routing_codes: string[]; requires_customs: boolean;
  };

/** What the drawing is asked for: the carrier (identifier or name), its service's name, both ends, the packages' numbers. */
export interface LabelDrawingRequest {
  carrier: string;
  service: string;
  origin: Address;
  destination: Address;
  tracking_numbers: string[];
}
