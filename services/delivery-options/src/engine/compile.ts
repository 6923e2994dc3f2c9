import type { DeliveryRule } from '@waybill/contracts';
import { EU_COUNTRIES } from '@waybill/carrier-model';
import { minutesOf, WEEKDAYS } from './calendar';
import { allOf, compileConditions, type MatchInput } from './conditions';
import { decimalToMinor, minorDigits } from './money';
import type { Timetable } from './schedule';
import { compileRateSheet, type RateSheetDefinition } from './rate-sheet';
import { rateSheetLink, type PriceLink } from './price-chain';

export type DeliveryType = DeliveryRule['delivery_type'];
export type Preference = 'cheapest' | 'fastest';

export interface RuleSettings {
  currency: string;
  allocationPreference: Preference;
}

export interface CompiledRule {
  id: string;
  /** Lower-case `<carrier name>|<service name>`, the key of the company's enabled services. */
  serviceKey: string;
  deliveryType: DeliveryType;
  /**
   * Small integer, equal for the rules of a set that offer the same service and delivery type: such
   * rules give the same option (told apart by date only), of which a request keeps the cheapest.
   */
  option: number;
  window: { start: string; end: string } | null;
  matches(m: MatchInput): boolean;
  /** Price in company minor units, or null when no band covers the weight (the rule then does not apply). */
  price(m: MatchInput): number | null;
  /** Whether the rule's free-above promotion makes the option free for this order. */
  free(m: MatchInput): boolean;
  /** A carrier's live rate with the rule's markup (percentage, then fixed amount) added, minor units. */
  markup(carrierMinor: number): number;
  timetable(warehouseId: string): Timetable;
}

export interface CompiledRuleSet {
  currency: string;
  digits: number;
  preference: Preference;
  /** The price sources asked before a rule's own price (docs/api/rates.md): the rate sheets in the company currency. */
  priceLinks: readonly PriceLink[];
  /** The company's rate sheets as stored (every currency), so a preview can compile them beside proposed rules. */
  sheetDefinitions: readonly RateSheetDefinition[];
  /** Enabled rules that may deliver to `country`, in creation order. */
  forCountry(country: string): readonly CompiledRule[];
}

export const DEFAULT_TRANSIT: Record<DeliveryType, number> = { same_day: 0, next_day: 1, nominated_day: 1, standard: 2, service_point: 2 };
const MON_FRI = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

function compileFree(rule: DeliveryRule, digits: number): (m: MatchInput) => boolean {
  const freeAbove = rule.price.free_above === undefined ? null : decimalToMinor(rule.price.free_above, digits);
  return (m) => freeAbove !== null && m.orderMinor !== null && m.orderMinor > freeAbove;
}

function compileMarkup(rule: DeliveryRule, digits: number): (minor: number) => number {
  const markup = (rule.price as { markup?: { percent?: number; amount?: string } }).markup;
  if (!markup) return (minor) => minor;
  const percent = markup.percent ?? 0;
  const fixed = markup.amount === undefined ? 0 : decimalToMinor(markup.amount, digits);
  return (minor) => minor + Math.round((minor * percent) / 100) + fixed;
}

function compilePrice(rule: DeliveryRule, digits: number, free: (m: MatchInput) => boolean): (m: MatchInput) => number | null {
  const p = rule.price;
  const bands = p.weight_bands?.map((b) => ({ upTo: b.up_to_kg, minor: decimalToMinor(b.amount, digits) }));
  const fixed = p.amount === undefined ? null : decimalToMinor(p.amount, digits);
  return (m) => {
    if (free(m)) return 0;
    if (bands) return bands.find((b) => m.shipment.totalWeightKg <= b.upTo)?.minor ?? null;
    return fixed;
  };
}

function compileRule(rule: DeliveryRule, digits: number, option: number): CompiledRule {
  const matches = allOf(compileConditions(rule.conditions ?? {}, digits));
  const free = compileFree(rule, digits);
  const s = rule.schedule ?? {};
  const workingDays = new Set((s.working_days ?? MON_FRI).map((d) => WEEKDAYS.indexOf(d)));
  const base = {
    transitDays: s.transit_days ?? DEFAULT_TRANSIT[rule.delivery_type],
    workingDays,
    days: rule.delivery_type === 'nominated_day' ? s.nominated_days ?? 5 : 1,
  };
  const cutoffs = new Map(Object.entries(s.warehouse_cutoffs ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const timetables = new Map<string, Timetable>();
  const timetable = (warehouseId: string): Timetable => {
    let t = timetables.get(warehouseId);
    if (!t) {
      const cutoff = cutoffs.get(warehouseId.toLowerCase()) ?? s.cutoff ?? null;
      t = { ...base, cutoff, cutoffMinutes: cutoff === null ? 24 * 60 : minutesOf(cutoff), key: `${cutoff}|${base.transitDays}|${[...workingDays].sort().join('')}|${base.days}` };
      timetables.set(warehouseId, t);
    }
    return t;
  };
  return {
    id: rule.id,
    serviceKey: rule.service_id.toLowerCase(),
    deliveryType: rule.delivery_type,
    option,
    window: s.delivery_window ?? null,
    matches,
    price: compilePrice(rule, digits, free),
    free,
    markup: compileMarkup(rule, digits),
    timetable,
  };
}

/** Destinations of a rule: ISO codes, "EU" for the member states, "*" for anywhere. */
function destinationsOf(rule: DeliveryRule): string[] | '*' {
  const list = rule.conditions?.countries;
  if (!list || list.includes('*')) return '*';
  return [...new Set(list.flatMap((c) => (c.toUpperCase() === 'EU' ? [...EU_COUNTRIES] : [c.toUpperCase()])))];
}

/**
 * Compiles a company's rules once; a request then only looks at the rules indexed under its
 * destination country, with every price, pattern and set prepared.
 */
export function compileRuleSet(rules: readonly DeliveryRule[], settings: RuleSettings, sheets: readonly RateSheetDefinition[] = []): CompiledRuleSet {
  const digits = minorDigits(settings.currency);
  const currency = settings.currency.toUpperCase();
  // A sheet in another currency cannot be compared with the rules' prices: checkout leaves it out.
  const usable = sheets.filter((s) => s.currency.toUpperCase() === currency).map((s) => compileRateSheet(s, digits));
  const bySheet = new Map(usable.map((s) => [s.serviceKey, s]));
  const byCountry = new Map<string, CompiledRule[]>();
  const anywhere: Array<{ order: number; rule: CompiledRule }> = [];
  const specific: Array<{ order: number; rule: CompiledRule; countries: string[] }> = [];
  const options = new Map<string, number>();
  rules.filter((r) => r.enabled).forEach((r, order) => {
    const optionKey = `${r.service_id.toLowerCase()}|${r.delivery_type}`;
    const option = options.get(optionKey) ?? options.set(optionKey, options.size).get(optionKey)!;
    const compiled = compileRule(r, digits, option);
    const dest = destinationsOf(r);
    if (dest === '*') anywhere.push({ order, rule: compiled });
    else specific.push({ order, rule: compiled, countries: dest });
  });
  const merged = new Map<string, CompiledRule[]>();
  for (const s of specific) for (const c of s.countries) (byCountry.get(c) ?? byCountry.set(c, []).get(c)!).push(s.rule);
  const anywhereRules = anywhere.map((a) => a.rule);
  const order = new Map([...anywhere, ...specific].map((x) => [x.rule, x.order]));
  return {
    currency,
    digits,
    preference: settings.allocationPreference,
    priceLinks: bySheet.size === 0 ? [] : [rateSheetLink(bySheet)],
    sheetDefinitions: sheets,
    forCountry(country) {
      let list = merged.get(country);
      if (!list) {
        list = [...(byCountry.get(country) ?? []), ...anywhereRules].sort((a, b) => order.get(a)! - order.get(b)!);
        merged.set(country, list);
      }
      return list;
    },
  };
}
