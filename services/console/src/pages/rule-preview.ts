import { ApiError, api } from '../api';
import { empty, h, messageOf, replace } from '../dom';
import { FieldSet, num, str } from '../form-fields';
import type { Rule } from './rule-form';

interface Option {
  service_id: string; delivery_type: string; shipping_date: string | null; estimated_delivery_date: string | null;
  delivery_window: { start: string; end: string } | null; price: { amount: string; currency: string };
}

/**
 * The live preview: a sample basket quoted against the rule set as edited (saved rules with this one
 * in its place) by POST delivery-rules/preview, which saves nothing. Problems with the edited rule
 * are shown next to its fields, as a save would show them.
 */
export function rulePreview(warehouses: string[], proposed: () => { rules: Rule[]; index: number }, ruleFields: FieldSet): { element: HTMLElement; refresh: () => void } {
  const f = new FieldSet('basket');
  const out = h('div', { id: 'preview-result', 'aria-live': 'polite' }, empty('Fill in a basket to see what a checkout would be offered.'));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  async function run(): Promise<void> {
    const mine = ++seq;
    const country = str(f.get('recipient.address.country'));
    if (!country) return;
    const { rules, index } = proposed();
    const weight = num(f.get('packages.0.weight'));
    const basket = {
      recipient: { address: { country, postcode: str(f.get('recipient.address.postcode')) } },
      packages: weight === undefined ? undefined : [{ weight }],
      order_value: num(f.get('order_value')), warehouse_id: str(f.get('warehouse_id')),
    };
    try {
      const { body } = await api.post('/delivery-rules/preview', { rules, basket });
      if (mine !== seq) return;
      ruleFields.clear();
      replace(out, options(body.delivery_options as Option[]));
    } catch (err) {
      if (mine !== seq) return;
      const errors = err instanceof ApiError ? (err.body as { errors?: Record<string, string[]> })?.errors : undefined;
      const own = Object.entries(errors ?? {}).filter(([p]) => p.startsWith(`rules.${index}.`)).map(([p, m]) => [p.slice(`rules.${index}.`.length), m]);
      const basketErrors = Object.entries(errors ?? {}).filter(([p]) => p.startsWith('basket.')).map(([p, m]) => [p.slice(7), m]);
      if (own.length) ruleFields.show(Object.fromEntries(own), 'The rule as edited is not valid:', false);
      if (basketErrors.length) f.show(Object.fromEntries(basketErrors), 'The basket is not valid:', false);
      replace(out, h('p', { class: 'state error' }, own.length ? 'Fix the rule to see a quote.' : messageOf(err)));
    }
  }
  const refresh = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), 300);
  };
  const quote = h('button', { type: 'button' }, 'Quote');
  quote.addEventListener('click', () => void run());
  const element = h('aside', { class: 'card preview-panel', 'aria-labelledby': 'preview-title' },
    h('h2', { id: 'preview-title' }, 'Preview'), h('p', { class: 'hint' }, 'Quotes a sample basket with the rules as edited; nothing is saved.'),
    f.input('recipient.address.country', 'Country', 'GB', undefined, { maxlength: '2', autocomplete: 'off' }),
    f.input('recipient.address.postcode', 'Postcode', '', undefined, { autocomplete: 'off' }),
    f.input('packages.0.weight', 'Weight (kg)', '1', undefined, { inputmode: 'decimal' }),
    f.input('order_value', 'Order value', '', undefined, { inputmode: 'decimal' }),
    f.select('warehouse_id', 'From warehouse', [['', 'Default warehouse'], ...warehouses.map((w): [string, string] => [w, w])], ''),
    f.summary, quote, out);
  f.onChange(refresh);
  refresh();
  return { element, refresh };
}

/** The options as a list (the panel is narrow): service, type, delivery date and price each. */
function options(list: Option[]): HTMLElement {
  if (list.length === 0) return empty('No option: no enabled rule applies to this basket.');
  return h('ul', { id: 'preview-options', class: 'options' }, ...list.map((o) => h('li', {},
    h('strong', {}, o.service_id.replace('|', ' · ')), h('br'), o.delivery_type.replace('_', ' '),
    ` · ${o.estimated_delivery_date ? `delivery ${o.estimated_delivery_date}` : 'delivery date from the shipping date'}`,
    o.delivery_window ? ` ${o.delivery_window.start}–${o.delivery_window.end}` : '',
    h('span', { class: 'price' }, `${o.price.amount} ${o.price.currency}`))));
}
