import { hasCapability, type CarrierServicePoint } from '@waybill/carriers';
import { InvalidError } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { carrierOf } from '../bookings/booking.service';
import { listAccounts } from '../accounts/account.repository';
import { atCarrier, reachCarrier, type Reached } from '../reached-carrier';
import type { ServicePointCache } from './service-point.cache';
import type { ServicePointSearch } from './service-point.input';

/** Carriers are asked for this many, whatever the limit, so one cached answer serves every limit. */
const ASKED = 50;

/** The carriers asked: the named one, or every carrier the company reaches that declares `service_points`. */
async function carriersAsked(deps: CarrierLinkDeps, company: string, named?: string): Promise<Reached[]> {
  if (named) {
    const reached = await reachCarrier(deps, company, named, 'carrier');
    if (!reached.carrier.servicePoints || !hasCapability(reached.carrier.capabilities.supports, 'service_points')) {
      throw InvalidError.field('carrier', `${reached.carrier.name} has no service points.`);
    }
    return [reached];
  }
  const open: Reached[] = (deps.openCarriers?.carriers ?? []).map((carrier) => ({ carrier }));
  const accounts = (await listAccounts(deps.db, company)).filter((a) => a.enabled && deps.adapters.has(a.carrier));
  const viaAccounts: Reached[] = accounts.map((account) => ({ carrier: carrierOf(deps, account), account }));
  return [...open, ...viaAccounts].filter((r) => r.carrier.servicePoints && hasCapability(r.carrier.capabilities.supports, 'service_points'));
}

const cacheKey = (carrier: string, q: ServicePointSearch) =>
  [carrier, q.country, (q.postcode ?? '').replace(/\s+/g, '').toUpperCase(), q.latitude?.toFixed(4) ?? '', q.longitude?.toFixed(4) ?? ''].join('|');

/**
 * Service points near a place from the carriers' locators, nearest first (docs/api/service-points.md). Each
 * carrier's answer is cached for a day; a named carrier's refusal is a 409, and when several are asked one
 * that fails is left out (logged) rather than failing the others.
 */
export async function searchServicePoints(deps: CarrierLinkDeps, cache: ServicePointCache, company: string, q: ServicePointSearch) {
  const asked = await carriersAsked(deps, company, q.carrier);
  let hits = 0;
  const answers = await Promise.all(asked.map(async (reached) => {
    const key = cacheKey(reached.carrier.identifier, q);
    const cached = cache.get(key);
    if (cached) {
      hits += 1;
      return { reached, points: cached };
    }
    try {
      const points = await atCarrier(deps, reached, () => reached.carrier.servicePoints!.search({ ...q, limit: ASKED }));
      cache.set(key, points);
      return { reached, points };
    } catch (err) {
      if (q.carrier) throw err;
      deps.logger.warn({ err, carrier: reached.carrier.identifier }, 'service point search failed; answering without this carrier');
      return { reached, points: [] as CarrierServicePoint[] };
    }
  }));
  const results = answers.flatMap(({ reached, points }) => points.map((p) => ({
    id: `${reached.carrier.identifier}:${p.id}`, carrier_id: reached.carrier.identifier, name: p.name, type: p.type, address: p.address,
    latitude: p.latitude, longitude: p.longitude, distance_m: p.distanceM, opening_hours: p.openingHours,
  })));
  results.sort((a, b) => a.distance_m - b.distance_m || a.id.localeCompare(b.id));
  return { cached: asked.length > 0 && hits === asked.length, body: { results: results.slice(0, q.limit) } };
}
