import { footer, header, recipient, routing, sender, tracking, type Band, type Frame } from './label.bands';
import type { LabelFacts } from './label.facts';
import { DESIGN_DPI, pixelSize, type LabelElement, type LabelLayout, type LabelSize } from './layout.model';

type Stack = ReadonlyArray<readonly [Band, number]>;

/** Band heights in dots of a 4x6 label; carriers that route by eye put the routing band above the address. */
const PORTRAIT: Stack = [[header, 150], [sender, 170], [recipient, 330], [routing, 250], [tracking, 238], [footer, 80]];
const PORTRAIT_ROUTING_FIRST: Stack = [[header, 150], [sender, 170], [routing, 250], [recipient, 330], [tracking, 238], [footer, 80]];
/** 8x4 landscape: addresses on the left half, codes on the right. */
const LANDSCAPE_LEFT: Stack = [[header, 150], [sender, 170], [recipient, 330], [footer, 162]];
const LANDSCAPE_RIGHT: Stack = [[routing, 400], [tracking, 412]];

const RULE = 4;

/** Lays bands top to bottom in a column, scaling their heights to fill it, with a rule between them. */
function column(out: LabelElement[], stack: Stack, x: number, w: number, height: number, facts: LabelFacts, s: number): void {
  const total = stack.reduce((sum, [, h]) => sum + h, 0);
  let y = 0;
  stack.forEach(([band, nominal], i) => {
    const h = Math.round((nominal * height) / total);
    const frame: Frame = { x, y, w, h: i === stack.length - 1 ? height - y : h };
    out.push(...band(frame, facts, s));
    if (i < stack.length - 1) out.push({ kind: 'box', x, y: y + h - RULE / 2, w, h: RULE, t: RULE, fill: true });
    y += h;
  });
}

/** The layout model of one label: the same for ZPL, PDF and PNG. */
export function layoutLabel(facts: LabelFacts, size: LabelSize): LabelLayout {
  const { width, height } = pixelSize(size, DESIGN_DPI);
  const elements: LabelElement[] = [];
  if (size.landscape) {
    const half = Math.round(width / 2);
    column(elements, LANDSCAPE_LEFT, 0, half, height, facts, 1);
    column(elements, LANDSCAPE_RIGHT, half, width - half, height, facts, 1);
    elements.push({ kind: 'box', x: half - RULE / 2, y: 0, w: RULE, h: height, t: RULE, fill: true });
  } else {
    const s = Math.min(width / 812, height / 1218);
    column(elements, facts.design.routingFirst ? PORTRAIT_ROUTING_FIRST : PORTRAIT, 0, width, height, facts, s);
  }
  return { size, width, height, elements, ...(facts.design.zplMediaTracking && { zplMediaTracking: facts.design.zplMediaTracking }) };
}
