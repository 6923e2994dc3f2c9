import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { refusalReason } from './ip-ranges';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name → addresses. Injectable so tests decide what a name resolves to. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) => {
  const found = await lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * Answers of `resolve` kept for `ttlMs` per host name (concurrent lookups of one name share one), so a
 * burst of webhooks to an endpoint does not make one system lookup per attempt. Failures are not kept.
 * The guard still checks every answer it is given before each attempt and pins the connection to it:
 * within the time a name keeps its last answer, an address it is moved to (rebinding) is not used at all,
 * and after it, the new answer is checked like any other. At most `maxHosts` names are kept.
 */
export function cachingResolver(resolve: Resolver, ttlMs: number, maxHosts = 10_000, now: () => number = Date.now): Resolver {
  const kept = new Map<string, { until: number; answer: Promise<ResolvedAddress[]> }>();
  return (host) => {
    const hit = kept.get(host);
    if (hit && hit.until > now()) return hit.answer;
    kept.delete(host);
    if (kept.size >= maxHosts) kept.delete(kept.keys().next().value!);
    const answer = resolve(host);
    kept.set(host, { until: now() + ttlMs, answer });
    answer.catch(() => { if (kept.get(host)?.answer === answer) kept.delete(host); });
    return answer;
  };
}

/** A URL the guard refuses; the message is shown to the client after `url: `. */
export class UrlRefusedError extends Error {}

export interface UrlPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: plain http and private, loopback and link-local targets are allowed. */
  allowPrivate: boolean;
  resolve: Resolver;
}

/** Strips the brackets URL keeps around an IPv6 literal. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Syntax: an absolute https URL (http too when private targets are allowed) without credentials. */
export function parseWebhookUrl(raw: string, policy: Pick<UrlPolicy, 'allowPrivate'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefusedError('Enter a valid URL.');
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new UrlRefusedError(policy.allowPrivate ? 'Enter an http:// or https:// URL.' : 'Only https:// URLs are accepted.');
  if (url.username || url.password) throw new UrlRefusedError('Credentials in the URL are not accepted; verify the webhook signature instead.');
  if (!hostOf(url)) throw new UrlRefusedError('Enter a valid URL.');
  return url;
}

/**
 * Resolves the URL's host and returns the address to connect to. Every address the name has must be
 * public (a name with one private record among public ones could be steered there), unless the
 * operator allows private targets. Called when an endpoint is saved and again before every delivery,
 * whose connection is then pinned to the returned address: a DNS answer that changed in between
 * (rebinding) cannot slip a private address in.
 */
export async function resolveWebhookTarget(url: URL, policy: UrlPolicy): Promise<ResolvedAddress> {
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch (err) {
      throw new UrlRefusedError(`The host "${host}" could not be resolved (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`);
    }
    if (addresses.length === 0) throw new UrlRefusedError(`The host "${host}" has no address.`);
  }
  if (!policy.allowPrivate) {
    for (const a of addresses) {
      const why = refusalReason(a.address);
      if (!why) continue;
      const where = literal ? `"${host}" is` : `"${host}" resolves to ${a.address},`;
      throw new UrlRefusedError(`Only public addresses are accepted: ${where} ${why}.`);
    }
  }
  return addresses[0];
}

/** Both checks, as the management API runs them before saving an endpoint. */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy): Promise<URL> {
  const url = parseWebhookUrl(raw, policy);
  await resolveWebhookTarget(url, policy);
  return url;
}
