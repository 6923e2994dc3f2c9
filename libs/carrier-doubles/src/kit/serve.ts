import type { DoubleServer } from './double-server';

/**
 * Runs a double as a process of its own (benchmarks, e2e stacks, drills): listens on `port` (0: any free
 * port), prints `<name> double listening on <url>` once it answers, stops on SIGTERM or SIGINT.
 */
export async function serveDouble(name: string, double: DoubleServer, port: number): Promise<void> {
  const url = await double.start(port);
  process.stdout.write(`${name} double listening on ${url}\n`);
  const stop = () => void double.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Comma-separated entries of colon-separated fields, each entry with at least `min` fields. */
export function entries(raw: string | undefined, min: number, what: string): string[][] {
  return (raw ?? '').split(',').filter(Boolean).map((e) => {
    const fields = e.split(':');
    if (fields.length < min || fields.slice(0, min).some((f) => !f)) throw new Error(`${what} entry "${e}" has fewer than ${min} fields`);
    return fields;
  });
}
