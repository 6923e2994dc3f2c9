import type { RoutingSymbology } from '@waybill/carrier-model';

/**
 * One label as a list of drawing elements in dots at 203 dpi (the Zebra grid, so ZPL at 203 dpi is written
 * from it as-is). The ZPL writer, the PDF writer and the PNG rasteriser all render this one description,
 * so every format shows the same content in the same place.
 */
export const DESIGN_DPI = 203;

export type LabelSizeName = '4x6' | '8x4' | 'A6';

export interface LabelSize {
  name: LabelSizeName;
  /** Physical size in inches (A6 is 105 × 148 mm). */
  widthIn: number;
  heightIn: number;
  landscape: boolean;
}

export const LABEL_SIZES: Readonly<Record<LabelSizeName, LabelSize>> = {
  '4x6': { name: '4x6', widthIn: 4, heightIn: 6, landscape: false },
  '8x4': { name: '8x4', widthIn: 8, heightIn: 4, landscape: true },
  A6: { name: 'A6', widthIn: 105 / 25.4, heightIn: 148 / 25.4, landscape: false },
};

/** Pixel (or dot) dimensions of a label at a resolution: 4x6 is 812×1218 at 203 dpi, 1200×1800 at 300. */
export function pixelSize(size: LabelSize, dpi: number): { width: number; height: number } {
  return { width: Math.round(size.widthIn * dpi), height: Math.round(size.heightIn * dpi) };
}

export type Align = 'left' | 'center' | 'right';

/** Text whose box starts at (x, y); `size` is the font height; `width` bounds it (and aligns it). */
export interface TextElement {
  kind: 'text';
  x: number;
  y: number;
  size: number;
  text: string;
  bold: boolean;
  width: number;
  align: Align;
  /** White on a black box drawn before it. */
  inverse?: boolean;
}

/** A rectangle outline of thickness `t`, or filled. Rules are thin filled boxes. */
export interface BoxElement {
  kind: 'box';
  x: number;
  y: number;
  w: number;
  h: number;
  t: number;
  fill: boolean;
}

/** Code 128, centred in the span [x, x + width]; `bars` are module widths, bar first. */
export interface Code128Element {
  kind: 'code128';
  x: number;
  y: number;
  width: number;
  h: number;
  module: number;
  data: string;
  bars: readonly number[];
}

/** A 2D code whose top-left is (x, y), `module` dots per cell; writers encode `data` (the printer does for ZPL). */
export interface MatrixElement {
  kind: 'matrix';
  x: number;
  y: number;
  module: number;
  symbology: RoutingSymbology;
  data: string;
}

/** A small monochrome picture (a carrier's mark), `scale` dots per picture cell. */
export interface BitmapElement {
  kind: 'bitmap';
  x: number;
  y: number;
  scale: number;
  rows: readonly string[];
}

export type LabelElement = TextElement | BoxElement | Code128Element | MatrixElement | BitmapElement;

export interface LabelLayout {
  size: LabelSize;
  /** Width and height in design dots. */
  width: number;
  height: number;
  elements: LabelElement[];
  /** ZPL media tracking the carrier's stock needs (^MN), when it needs one. */
  zplMediaTracking?: 'Y' | 'M' | 'N';
}
