/** One line of the benchmark table: a figure of ours next to a baseline measured in the same run. */
export interface BenchRow {
  /** The capability, e.g. `consignment create (single)`. */
  name: string;
  /** What was measured, e.g. `throughput`, `p99 latency`. */
  metric: string;
  value: number;
  unit: string;
  /** The baseline's figure for the same metric, measured in the same run. */
  baseline?: { name: string; value: number };
  /** The target as text, e.g. `>= 0.5x baseline`, and whether this run met it. */
  target?: string;
  pass?: boolean;
}

/** A benchmark file (`bench/<name>.bench.ts`) exports `bench: Benchmark`. */
export interface Benchmark {
  title: string;
  run(): Promise<BenchRow[]>;
}
