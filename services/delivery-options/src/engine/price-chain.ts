import type { CompiledRule } from './compile';
import type { MatchInput } from './conditions';
import type { CompiledRateSheet } from './rate-sheet';
import { sheetPrice } from './rate-sheet';

/**
 * Where a price came from. The chain asks its sources in order and takes the first answer; the rule's
 * own price is the last link and always answers when the rule applies: the carrier's live rate first
 * (where one came in within the budget), then the rate sheet, then the rule (`carrier` → `rate_sheet` → `rule`).
 */
export type PriceSource = 'carrier' | 'rate_sheet' | 'rule';

export interface Priced {
  minor: number;
  source: PriceSource;
}

/** One link before the rule: a price for the service and shipment, or null to ask the next link. */
export type PriceLink = (serviceKey: string, m: MatchInput) => Priced | null;

/** The rate-sheet link: the company's sheet for the service, when the destination is in a zone and every parcel in a band. */
export function rateSheetLink(sheets: ReadonlyMap<string, CompiledRateSheet>): PriceLink {
  return (serviceKey, m) => {
    const sheet = sheets.get(serviceKey);
    if (!sheet) return null;
    const minor = sheetPrice(sheet, m.shipment);
    return minor === null ? null : { minor, source: 'rate_sheet' };
  };
}

/**
 * The price of a rule's option: free when the rule's free-above promotion holds, else the first link
 * that answers (a carrier's live rate with the rule's markup), else the rule's price (null: the rule
 * does not apply, e.g. no weight band covers it).
 */
export function priceOf(links: readonly PriceLink[], rule: CompiledRule, m: MatchInput): Priced | null {
  if (rule.free(m)) return { minor: 0, source: 'rule' };
  const linked = linkPrice(links, rule.serviceKey, m);
  if (linked !== null) return linked.source === 'carrier' ? { minor: rule.markup(linked.minor), source: 'carrier' } : linked;
  const minor = rule.price(m);
  return minor === null ? null : { minor, source: 'rule' };
}

/** The first answer of the links before the rules, for a service no rule offers (POST /rates). */
export function linkPrice(links: readonly PriceLink[], serviceKey: string, m: MatchInput): Priced | null {
  for (const link of links) {
    const p = link(serviceKey, m);
    if (p !== null) return p;
  }
  return null;
}
