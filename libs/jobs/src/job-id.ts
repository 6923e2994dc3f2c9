/**
 * BullMQ refuses job ids containing ':' (its key separator) and ids that look like integers (they
 * would clash with its own counter ids). Callers may use any string: it is escaped reversibly and
 * injectively, so two different ids never become the same BullMQ id, and handlers see the original.
 */
export function toBullJobId(id: string): string {
  const escaped = id.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/#/g, '%23');
  // A bare '#' never occurs in an escaped id, so it marks the integer-looking ones unambiguously.
  return `${parseInt(escaped, 10)}` === escaped ? `#${escaped}` : escaped;
}

export function fromBullJobId(bullId: string): string {
  const body = bullId.startsWith('#') ? bullId.slice(1) : bullId;
  return body.replace(/%(25|3A|23)/g, (_, code: string) => ({ '25': '%', '3A': ':', '23': '#' })[code]!);
}
