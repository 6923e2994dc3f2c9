import { barsWidth } from '../labels/barcodes';
import { DESIGN_DPI, pixelSize, type LabelElement, type LabelLayout } from '../labels/layout.model';
import { graphicField, type ZplCompression } from './zpl.graphic';

export interface ZplOptions {
  dpi: number;
  compression: ZplCompression;
}

const JUSTIFY = { left: 'L', center: 'C', right: 'R' } as const;

/** ^FH turns on `_` hex escapes so the command characters ^ and ~ can appear in data. */
function field(data: string): string {
  return /[\^~_]/.test(data)
    ? `^FH^FD${data.replace(/[\^~_]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`)}^FS`
    : `^FD${data}^FS`;
}

// Logos repeat on every label of a carrier: build each ^GF once per scale and compression.
const graphics = new Map<string, string>();
function graphic(rows: readonly string[], cell: number, compression: ZplCompression): string {
  const key = `${cell}:${compression}:${rows.join('/')}`;
  let gf = graphics.get(key);
  if (!gf) {
    gf = graphicField(rows, cell, compression);
    if (graphics.size > 64) graphics.clear();
    graphics.set(key, gf);
  }
  return gf;
}

function element(e: LabelElement, k: number, o: ZplOptions): string {
  const d = (v: number) => Math.round(v * k);
  switch (e.kind) {
    case 'text':
      return `^FO${d(e.x)},${d(e.y)}^A0N,${d(e.size)}^FB${d(e.width)},1,0,${JUSTIFY[e.align]},0${e.inverse ? '^FR' : ''}${field(e.text)}`;
    case 'box': {
      const w = Math.max(1, d(e.w));
      const h = Math.max(1, d(e.h));
      return `^FO${d(e.x)},${d(e.y)}^GB${w},${h},${e.fill ? Math.min(w, h) : Math.max(1, d(e.t))},B,0^FS`;
    }
    case 'code128': {
      const m = Math.max(1, Math.round(e.module * k));
      const x = d(e.x) + Math.max(0, Math.round((d(e.width) - barsWidth(e.bars) * m) / 2));
      return `^BY${m}^FO${x},${d(e.y)}^BCN,${d(e.h)},N,N,N,A${field(e.data)}`;
    }
    case 'matrix': {
      const m = Math.max(1, Math.round(e.module * k));
      return e.symbology === 'qrcode'
        ? `^FO${d(e.x)},${d(e.y)}^BQN,2,${Math.min(10, m)}${field(`MA,${e.data}`)}`
        : `^FO${d(e.x)},${d(e.y)}^BXN,${m},200${field(e.data)}`;
    }
    case 'bitmap':
      return `^FO${d(e.x)},${d(e.y)}${graphic(e.rows, Math.max(1, d(e.scale)), o.compression)}^FS`;
  }
}

/**
 * One label as one ^XA…^XZ block in the printer's own commands: ^A0 text, ^GB boxes, ^BC Code 128, ^BX
 * DataMatrix or ^BQ QR (encoded by the printer), ^GF only for the carrier's mark. UTF-8 (^CI28).
 */
export function zplLabel(layout: LabelLayout, o: ZplOptions): string {
  const k = o.dpi / DESIGN_DPI;
  const { width, height } = pixelSize(layout.size, o.dpi);
  const parts = [`^XA^CI28^PW${width}^LL${height}^LH0,0${layout.zplMediaTracking ? `^MN${layout.zplMediaTracking}` : ''}`];
  for (const e of layout.elements) parts.push(element(e, k, o));
  parts.push('^PQ1^XZ');
  return parts.join('\n');
}
