import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Raster } from '@waybill/carriers';

type Pending = { resolve: (pages: Raster[]) => void; reject: (err: Error) => void };

/**
 * A rendering thread for one worker file (`<name>.worker.mjs` beside this module), started on first use,
 * one per process; it never keeps the process alive while idle. Each job answers grey rasters, one per page
 * or label, or the error the worker reports (prefixed with `failure`).
 */
export function rasterThread(file: string, failure: string): (job: Record<string, unknown>, transfer?: ArrayBuffer[]) => Promise<Raster[]> {
  let worker: Worker | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 0;

  const renderer = (): Worker => {
    if (worker) return worker;
    const w = new Worker(join(__dirname, file));
    w.unref();
    w.on('message', (m: { id: number; pages?: Raster[]; error?: string }) => {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.error !== undefined) p?.reject(new Error(`${failure}: ${m.error}`));
      else p?.resolve(m.pages!);
    });
    const fail = (err: Error) => {
      worker = undefined;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the rendering thread ${file} stopped (exit ${code})`)));
    return (worker = w);
  };

  return (job, transfer) => {
    const w = renderer();
    const id = nextId++;
    return new Promise<Raster[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.ref();
      w.postMessage({ ...job, id }, transfer);
    }).finally(() => {
      if (pending.size === 0) w.unref();
    });
  };
}
