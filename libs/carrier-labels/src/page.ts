import { rotateClockwise, scaleTo, type Raster } from '@waybill/carriers';

export type LabelSizeName = '4x6' | '8x4' | 'A6';

/** Label pages in inches, as Waybill's documents are: 4x6 and A6 portrait, 8x4 landscape. */
export const PAGE_INCHES: Readonly<Record<LabelSizeName, { width: number; height: number }>> = {
  '4x6': { width: 4, height: 6 },
  '8x4': { width: 8, height: 4 },
  A6: { width: 105 / 25.4, height: 148 / 25.4 },
};

export function pageDots(size: LabelSizeName, dpi: number): { width: number; height: number } {
  const p = PAGE_INCHES[size];
  return { width: Math.round(p.width * dpi), height: Math.round(p.height * dpi) };
}

/**
 * A carrier's label image on a page: turned a quarter when its orientation differs from the page's,
 * scaled to fit whole (never cropped, never stretched) and centred on white.
 */
export function fitOnPage(label: Raster, width: number, height: number): Raster {
  const turned = (label.width > label.height) !== (width > height) ? rotateClockwise(label) : label;
  const scale = Math.min(width / turned.width, height / turned.height);
  const w = Math.max(1, Math.round(turned.width * scale));
  const h = Math.max(1, Math.round(turned.height * scale));
  const scaled = scaleTo(turned, w, h);
  const grey = new Uint8Array(width * height).fill(255);
  const left = Math.floor((width - w) / 2);
  const top = Math.floor((height - h) / 2);
  for (let y = 0; y < h; y++) grey.set(scaled.grey.subarray(y * w, (y + 1) * w), (top + y) * width + left);
  return { width, height, grey };
}
