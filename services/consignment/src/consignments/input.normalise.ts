/**
 * Integrations send sparse, imperfect bodies. These helpers make them uniform before validation:
 * `""` means absent, read-only fields sent back from a GET are ignored.
 */
const READ_ONLY = ['identifier', 'current_status', 'service', 'consignment_number', 'tracking_url', 'status', 'erased'];

export function normaliseBlanks(value: unknown, inOptions = false): unknown {
  if (value === '') return null;
  if (Array.isArray(value)) return value.map((v) => normaliseBlanks(v));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // An empty option means "not set"; options are a free map, so the key is dropped.
      if (inOptions && (v === '' || v === null)) continue;
      out[k] = normaliseBlanks(v, k === 'options' && !inOptions);
    }
    return out;
  }
  return value;
}

/** Dotted paths whose value was `""`, to tell "blank" from "null" in error messages. */
export function blankPaths(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (value === '') out.add(prefix);
  else if (Array.isArray(value)) value.forEach((v, i) => blankPaths(v, prefix ? `${prefix}.${i}` : String(i), out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) blankPaths(v, prefix ? `${prefix}.${k}` : k, out);
  }
  return out;
}

/** Drops what a GET returns and a write ignores; on create the identifier is the client's to give, so it stays. */
export function stripReadOnly(body: Record<string, unknown>, keepIdentifier = false): Record<string, unknown> {
  for (const k of READ_ONLY) if (!(keepIdentifier && k === 'identifier')) delete body[k];
  if (Array.isArray(body.packages)) {
    for (const p of body.packages) if (p && typeof p === 'object') delete (p as Record<string, unknown>).tracking_number;
  }
  return body;
}

/** ISO 8601 in UTC; a date-time without a zone designator is taken as UTC. */
export function toUtcIso(value: string): string {
  let v = value.trim().replace(' ', 'T');
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(v)) v += 'Z';
  return new Date(v).toISOString();
}
