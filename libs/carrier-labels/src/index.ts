export { renderBookedLabels, LabelConversionUnavailable, type BookedLabelRequest, type DocumentType } from './booked.render';
export { fitOnPage, pageDots, PAGE_INCHES, type LabelSizeName } from './page';
export { graphicFieldOfBytes, crc16ccitt, type ZplCompression } from './zpl-graphic';
export { rasteriseZpl, CARRIER_ZPL_DPMM } from './zpl-raster';
