import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One registry per process. Every series carries a `service` label, so the one-process mode (all
 * services in one process) and the distributed mode (one each) expose the same names.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'waybill_' });

export interface GaugeSample {
  labels: Record<string, string>;
  value: number;
}
type GaugeSource = () => Promise<GaugeSample[]>;

const gauges = new Map<string, { gauge: Gauge<string>; sources: Set<GaugeSource> }>();

/**
 * A gauge read at scrape time (queue depths, outbox lag): each source is asked for its samples;
 * a source that fails is skipped so one unreachable dependency does not blank the whole scrape.
 * Returns the function that removes the source (on stop).
 */
export function registerGaugeSource(name: string, help: string, labelNames: string[], source: GaugeSource): () => void {
  let entry = gauges.get(name);
  if (!entry) {
    const sources = new Set<GaugeSource>();
    const gauge = new Gauge({
      name, help, labelNames, registers: [metricsRegistry],
      async collect() {
        this.reset();
        const all = await Promise.allSettled([...sources].map((s) => s()));
        for (const r of all) if (r.status === 'fulfilled') for (const s of r.value) this.set(s.labels, s.value);
      },
    });
    entry = { gauge, sources };
    gauges.set(name, entry);
  }
  const { sources } = entry;
  sources.add(source);
  return () => { sources.delete(source); };
}

/** A counter on this process's registry, for code that should not depend on prom-client itself. */
export function processCounter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
  return new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

/** A histogram on this process's registry (seconds), for code that should not depend on prom-client itself. */
export function processHistogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
  return new Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry] });
}

/** `GET /metrics` in the Prometheus text format. */
export const metricsHandler: RequestHandler = async (_req, res) => {
  res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
};
