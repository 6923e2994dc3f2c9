import type { CompiledRule, CompiledRuleSet } from './compile';
import type { ServiceInfo } from './quote';

/** A rule that can answer a checkout to some country, with the enabled service it books. */
export interface Candidate {
  rule: CompiledRule;
  service: ServiceInfo;
}

/**
 * Per rule set, per enabled-services map (the company's catalog), per destination country: the rules
 * that may deliver there and whose service is enabled, in creation order. A rule for another country
 * or a service the company no longer has is then never looked at by a request. Both keys are weak: a
 * recompiled rule set or a refreshed catalog is a new object, and the lists made for the old ones go
 * with them. Per country a list is made once; countries are two-letter codes, so the map is bounded.
 */
const lists = new WeakMap<CompiledRuleSet, WeakMap<ReadonlyMap<string, ServiceInfo>, Map<string, readonly Candidate[]>>>();

export function candidatesFor(rules: CompiledRuleSet, services: ReadonlyMap<string, ServiceInfo>, country: string): readonly Candidate[] {
  let byServices = lists.get(rules);
  if (!byServices) {
    byServices = new WeakMap();
    lists.set(rules, byServices);
  }
  let byCountry = byServices.get(services);
  if (!byCountry) {
    byCountry = new Map();
    byServices.set(services, byCountry);
  }
  let list = byCountry.get(country);
  if (!list) {
    const made: Candidate[] = [];
    for (const rule of rules.forCountry(country)) {
      const service = services.get(rule.serviceKey);
      if (service) made.push({ rule, service });
    }
    list = made;
    byCountry.set(country, list);
  }
  return list;
}
