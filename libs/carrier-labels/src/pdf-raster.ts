import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Raster } from '@waybill/carriers';

type Pending = { resolve: (pages: Raster[]) => void; reject: (err: Error) => void };
let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

/** One rendering thread per process, started on first use; it never keeps the process alive. */
function renderer(): Worker {
  if (worker) return worker;
  const w = new Worker(join(__dirname, 'pdf-raster.worker.mjs'));
  w.unref();
  w.on('message', (m: { id: number; pages?: Raster[]; error?: string }) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.error !== undefined) p?.reject(new Error(`the PDF label could not be rendered: ${m.error}`));
    else p?.resolve(m.pages!);
  });
  const fail = (err: Error) => {
    worker = undefined;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`the PDF rendering thread stopped (exit ${code})`)));
  return (worker = w);
}

/**
 * A carrier's PDF label (Royal Mail's, DHL's) as grey rasters, one per page, at `dpi`: rendered by
 * pdf.js, Mozilla's PDF engine, onto a canvas (@napi-rs/canvas, prebuilt in its npm package), composed
 * on white, in a worker thread. Used to serve PNG and ZPL (^GF) of a label booked as PDF.
 */
export function rasterisePdf(pdf: Buffer, dpi: number): Promise<Raster[]> {
  const w = renderer();
  const id = nextId++;
  return new Promise<Raster[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, pdf: new Uint8Array(pdf), dpi });
  }).finally(() => {
    if (pending.size === 0) w.unref();
  });
}
