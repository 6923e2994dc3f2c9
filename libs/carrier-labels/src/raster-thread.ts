import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Raster } from '@waybill/carriers';

type Pending = { resolve: (pages: Raster[]) => void; reject: (err: Error) => void };

/**
 * A rendering thread for one worker file (`<name>.worker.mjs` beside this module), started on first use,
 * one per process; it never keeps the process alive while idle, and after `idleMs` without a job it ends,
 * giving back the memory its engine holds (the next job starts it again). Each job answers grey rasters, one
 * per page or label, or the error the worker reports (prefixed with `failure`).
 */
export interface RasterThread {
  render(job: Record<string, unknown>, transfer?: ArrayBuffer[]): Promise<Raster[]>;
  /** Whether the thread is up (started and not yet ended for being idle). */
  running(): boolean;
}

export function rasterThread(file: string, failure: string, idleMs = 60_000): RasterThread {
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
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
      // A thread ended for being idle was already replaced: its exit concerns nobody's jobs.
      if (worker !== w) return;
      worker = undefined;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the rendering thread ${file} stopped (exit ${code})`)));
    return (worker = w);
  };

  const render = (job: Record<string, unknown>, transfer?: ArrayBuffer[]) => {
    clearTimeout(idle);
    const w = renderer();
    const id = nextId++;
    return new Promise<Raster[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.ref();
      w.postMessage({ ...job, id }, transfer);
    }).finally(() => {
      if (pending.size > 0 || worker !== w) return;
      w.unref();
      idle = setTimeout(() => {
        if (worker === w && pending.size === 0) {
          worker = undefined;
          void w.terminate();
        }
      }, idleMs).unref();
    });
  };
  return { render, running: () => worker !== undefined };
}
