import { barsWidth, code128Bars } from './barcodes';
import type { LabelFacts } from './label.facts';
import type { Align, LabelElement } from './layout.model';
import { fitText } from './text-metrics';

/**
 * The bands of a carrier label (header, sender, recipient, routing, tracking, footer), each drawn into
 * the frame the arrangement gives it. `s` scales type and marks for the label size.
 */
export interface Frame {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Band = (f: Frame, facts: LabelFacts, s: number) => LabelElement[];

const r = Math.round;

function text(out: LabelElement[], x: number, y: number, width: number, size: number, value: string, bold: boolean, align: Align = 'left', inverse = false): void {
  if (!value) return;
  const fit = fitText(value, size, width, bold);
  out.push({ kind: 'text', x: r(x), y: r(y), width: r(width), size: r(fit.size), text: fit.text, bold, align, inverse });
}

function box(out: LabelElement[], x: number, y: number, w: number, h: number, t: number, fill = false): void {
  out.push({ kind: 'box', x: r(x), y: r(y), w: r(w), h: r(h), t: Math.max(1, r(t)), fill });
}

export const header: Band = (f, facts, s) => {
  const out: LabelElement[] = [];
  const pad = 20 * s;
  const { design } = facts;
  const markW = 190 * s;
  const markH = f.h - 30 * s;
  const markX = f.x + f.w - pad - markW;
  const markY = f.y + (f.h - markH) / 2;
  box(out, markX, markY, markW, markH, design.inverseServiceMark ? markH : 6 * s, design.inverseServiceMark);
  const mark = fitText(design.serviceMark, 96 * s, markW - 24 * s, true);
  text(out, markX + 12 * s, markY + (markH - mark.size) / 2, markW - 24 * s, mark.size, design.serviceMark, true, 'center', design.inverseServiceMark);
  let textX = f.x + pad;
  if (design.logo && design.logo.length > 0) {
    const scale = Math.max(1, Math.floor((f.h - 2 * pad) / design.logo.length));
    out.push({ kind: 'bitmap', x: r(textX), y: r(f.y + (f.h - scale * design.logo.length) / 2), scale, rows: design.logo });
    textX += design.logo[0].length * scale + 16 * s;
  }
  const textW = markX - textX - 16 * s;
  text(out, textX, f.y + 28 * s, textW, 44 * s, design.brand, true);
  text(out, textX, f.y + 84 * s, textW, 26 * s, facts.serviceName, false);
  return out;
};

export const sender: Band = (f, facts, s) => {
  const out: LabelElement[] = [];
  const pad = 20 * s;
  const leftW = r(f.w * 0.66);
  const rightX = f.x + leftW;
  text(out, f.x + pad, f.y + 12 * s, leftW - 2 * pad, 20 * s, 'FROM', true);
  let y = f.y + 38 * s;
  facts.senderLines.filter(Boolean).forEach((line, i) => {
    const size = (i === 0 ? 26 : 23) * s;
    if (y + size > f.y + f.h - 8 * s) return;
    text(out, f.x + pad, y, leftW - 2 * pad, size, line, i === 0);
    y += size * 1.2;
  });
  if (y + 20 * s <= f.y + f.h - 6 * s) text(out, f.x + pad, y, leftW - 2 * pad, 20 * s, facts.senderContact, false);
  box(out, rightX, f.y, 3 * s, f.h, 3 * s, true);
  const colW = f.x + f.w - rightX - 2 * pad;
  text(out, rightX + pad, f.y + 12 * s, colW, 20 * s, 'WEIGHT', true);
  text(out, rightX + pad, f.y + 36 * s, colW, 38 * s, facts.weight, true);
  text(out, rightX + pad, f.y + 90 * s, colW, 20 * s, 'PACKAGE', true);
  text(out, rightX + pad, f.y + 114 * s, colW, 38 * s, `${facts.packageNumber} OF ${facts.packageCount}`, true);
  return out;
};

export const recipient: Band = (f, facts, s) => {
  const out: LabelElement[] = [];
  const pad = 20 * s;
  const w = f.w - 2 * pad;
  text(out, f.x + pad, f.y + 12 * s, w, 22 * s, 'SHIP TO', true);
  text(out, f.x + pad, f.y + 42 * s, w, 46 * s, facts.recipientName, true);
  const bottomH = 84 * s;
  const bottomY = f.y + f.h - bottomH - 14 * s;
  const lines = facts.recipientPhone ? [...facts.recipientLines, facts.recipientPhone] : facts.recipientLines;
  const top = f.y + 98 * s;
  const step = Math.min(40 * s, (bottomY - 6 * s - top) / Math.max(1, lines.length));
  lines.forEach((line, i) => text(out, f.x + pad, top + i * step, w, step * 0.88, line, false));
  const countryW = 150 * s;
  text(out, f.x + pad, bottomY + 12 * s, w - countryW - 20 * s, 62 * s, facts.recipientPostcode, true);
  box(out, f.x + f.w - pad - countryW, bottomY, countryW, bottomH, bottomH, true);
  text(out, f.x + f.w - pad - countryW, bottomY + 12 * s, countryW, 62 * s, facts.recipientCountry, true, 'center', true);
  return out;
};

export const routing: Band = (f, facts, s) => {
  const out: LabelElement[] = [];
  const pad = 20 * s;
  const side = Math.min(f.h - 2 * pad, 230 * s);
  const module = Math.max(3, Math.floor(side / 35));
  out.push({ kind: 'matrix', x: r(f.x + pad), y: r(f.y + (f.h - side) / 2), module, symbology: facts.design.symbology, data: facts.routingCode });
  const rx = f.x + pad + side + 30 * s;
  const rw = f.x + f.w - pad - rx;
  const y = f.y + (f.h - 200 * s) / 2;
  text(out, rx, y, rw, 22 * s, 'SORT', true);
  text(out, rx, y + 30 * s, rw, 96 * s, facts.sortCode, true);
  text(out, rx, y + 150 * s, rw, 32 * s, facts.route, false);
  return out;
};

export const tracking: Band = (f, facts, s) => {
  const out: LabelElement[] = [];
  const pad = 20 * s;
  text(out, f.x + pad, f.y + 14 * s, f.w - 2 * pad, 24 * s, facts.design.trackingCaption, true);
  const bars = code128Bars(facts.trackingNumber);
  const span = f.w - 2 * pad;
  const module = barsWidth(bars) * 3 * s <= span ? 3 * s : Math.max(1, Math.floor(span / barsWidth(bars)));
  const h = f.h - 110 * s;
  out.push({ kind: 'code128', x: r(f.x + pad), y: r(f.y + 46 * s), width: r(span), h: r(h), module, data: facts.trackingNumber, bars });
  text(out, f.x + pad, f.y + 56 * s + h, span, 34 * s, facts.trackingNumber, true, 'center');
  return out;
};

export const footer: Band = (f, facts, s) => {
  const out: LabelElement[] = [];
  const pad = 20 * s;
  const half = (f.w - 2 * pad) / 2;
  text(out, f.x + pad, f.y + 12 * s, half + 80 * s, 24 * s, `ORDER ${facts.orderNumber}`, true);
  text(out, f.x + pad + half + 80 * s, f.y + 12 * s, half - 80 * s, 24 * s, facts.date, true, 'right');
  text(out, f.x + pad, f.y + 44 * s, half + 80 * s, 20 * s, facts.consignmentNumber ? `CONSIGNMENT ${facts.consignmentNumber}` : '', false);
  text(out, f.x + pad + half + 80 * s, f.y + 44 * s, half - 80 * s, 20 * s, facts.reference ? `REF ${facts.reference}` : '', false, 'right');
  return out;
};
