import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { barsWidth, matrixGrid } from '../labels/barcodes';
import { DESIGN_DPI, pixelSize, type LabelElement, type LabelLayout } from '../labels/layout.model';
import { textWidth } from '../labels/text-metrics';
import { encodeGreyPng } from './png.encode';
import { darkRuns } from './runs';

// Arimo ships inside its npm package and has Helvetica's metrics, so text fills the same width as in the PDF.
const FAMILY = 'WaybillArimo';
type CanvasLib = typeof import('@napi-rs/canvas');
let loaded: CanvasLib | undefined;

/**
 * Skia (the native library behind @napi-rs/canvas, 16 to 30 MB resident once loaded) is loaded with the
 * first PNG label, not when the service starts: most processes never rasterise one, and the one-process
 * demo must stay small at rest.
 */
function canvasLib(): CanvasLib {
  if (loaded) return loaded;
  const lib = require('@napi-rs/canvas') as CanvasLib;
  for (const weight of ['400', '700']) {
    lib.GlobalFonts.registerFromPath(require.resolve(`@fontsource/arimo/files/arimo-latin-${weight}-normal.woff2`), FAMILY);
  }
  loaded = lib;
  return lib;
}

/** Helvetica's ascender: the PDF writer puts the baseline this far below the top of the text box. */
const ASCENT = 0.718;

function fillRuns(ctx: SKRSContext2D, x0: number, y: number, cell: number, count: number, dark: (i: number) => boolean): void {
  darkRuns(count, dark, (start, length) => ctx.fillRect(x0 + start * cell, y, length * cell, cell));
}

function draw(ctx: SKRSContext2D, e: LabelElement, k: number): void {
  const d = (v: number) => Math.round(v * k);
  ctx.fillStyle = 'black';
  if (e.kind === 'box') {
    if (e.fill) ctx.fillRect(d(e.x), d(e.y), d(e.w), d(e.h));
    else {
      const t = Math.max(1, d(e.t));
      ctx.fillRect(d(e.x), d(e.y), d(e.w), t);
      ctx.fillRect(d(e.x), d(e.y) + d(e.h) - t, d(e.w), t);
      ctx.fillRect(d(e.x), d(e.y), t, d(e.h));
      ctx.fillRect(d(e.x) + d(e.w) - t, d(e.y), t, d(e.h));
    }
  } else if (e.kind === 'code128') {
    // Whole-pixel modules, as a printer's dots: a scanner needs every bar of the same width to match.
    const m = Math.max(1, Math.round(e.module * k));
    let x = d(e.x) + Math.max(0, Math.round((d(e.width) - barsWidth(e.bars) * m) / 2));
    e.bars.forEach((b, i) => {
      if (i % 2 === 0) ctx.fillRect(x, d(e.y), b * m, d(e.h));
      x += b * m;
    });
  } else if (e.kind === 'matrix') {
    const m = Math.max(1, Math.round(e.module * k));
    const g = matrixGrid(e.symbology, e.data);
    for (let y = 0; y < g.size; y++) fillRuns(ctx, d(e.x), d(e.y) + y * m, m, g.size, (i) => g.cells[y * g.size + i] === 1);
  } else if (e.kind === 'bitmap') {
    const c = Math.max(1, d(e.scale));
    e.rows.forEach((row, y) => fillRuns(ctx, d(e.x), d(e.y) + y * c, c, row.length, (i) => row[i] === '#'));
  } else {
    const w = textWidth(e.text, e.size, e.bold);
    const dx = e.align === 'left' ? 0 : e.align === 'center' ? (e.width - w) / 2 : e.width - w;
    ctx.font = `${e.bold ? 'bold ' : ''}${e.size * k}px ${FAMILY}`;
    ctx.fillStyle = e.inverse ? 'white' : 'black';
    ctx.fillText(e.text, (e.x + dx) * k, (e.y + e.size * ASCENT) * k);
  }
}

/** Paints a label on a canvas of its pixel size at `dpi`: white ground, shapes, then text on top. */
export function paintLabel(ctx: SKRSContext2D, layout: LabelLayout, dpi: number): void {
  canvasLib();
  const { width, height } = pixelSize(layout.size, dpi);
  ctx.fillStyle = 'white';
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'alphabetic';
  const k = dpi / DESIGN_DPI;
  for (const e of layout.elements) if (e.kind !== 'text') draw(ctx, e, k);
  for (const e of layout.elements) if (e.kind === 'text') draw(ctx, e, k);
}

/**
 * One canvas per thread, painted over for each label of the same pixel size: a new 4 MB canvas per label
 * cost more than drawing it (the allocation's page faults and the first fill). `canvas.data()` is not a view
 * but a copy of the pixels (4 MB at 203 dpi), read synchronously by the encoder; see `pngLabels` for when
 * its memory comes back.
 */
let reused: { canvas: Canvas; ctx: SKRSContext2D; width: number; height: number } | undefined;
function canvasOf(width: number, height: number): { canvas: Canvas; ctx: SKRSContext2D } {
  if (!reused || reused.width !== width || reused.height !== height) {
    const canvas = canvasLib().createCanvas(width, height);
    reused = { canvas, ctx: canvas.getContext('2d'), width, height };
  }
  return reused;
}

/**
 * Rasterises one label at `dpi`: 812×1218 px for 4x6 at 203 dpi, 1200×1800 at 300. Its 4 MB of pixels come
 * back only at the next turn of the event loop: render several with `pngLabels`, not in a synchronous loop.
 */
export function pngLabel(layout: LabelLayout, dpi: number): Buffer {
  const { width, height } = pixelSize(layout.size, dpi);
  const { canvas, ctx } = canvasOf(width, height);
  ctx.save();
  try {
    paintLabel(ctx, layout, dpi);
  } finally {
    ctx.restore();
  }
  return encodeGreyPng(canvas.data(), width, height);
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rasterises labels one after another, letting the event loop turn after each. The pixels `canvas.data()`
 * hands out are native memory that Node releases only from the event loop (the buffer's finaliser runs as an
 * immediate once V8 has collected it), so a synchronous loop keeps every label's 4 MB until the loop ends:
 * 600 labels at 203 dpi held 2.4 GB. With a turn after each label the process stays within a few hundred MB
 * whatever the count, and it is faster (fewer fresh pages to fault in).
 */
export async function pngLabels(layouts: LabelLayout[], dpi: number): Promise<Buffer[]> {
  const pngs: Buffer[] = [];
  for (const layout of layouts) {
    pngs.push(pngLabel(layout, dpi));
    await turn();
  }
  return pngs;
}
