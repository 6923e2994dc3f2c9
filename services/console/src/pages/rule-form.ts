import { ApiError, api } from '../api';
import { failure, h, loading, messageOf, replace, section } from '../dom';
import { FieldSet, compact, list, num, pairs, str } from '../form-fields';
import { rulePreview } from './rule-preview';

export type Rule = Record<string, any>;
const TYPES = ['standard', 'next_day', 'nominated_day', 'same_day', 'service_point'];
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const join = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');
const lines = (o: Record<string, unknown> | undefined) => Object.entries(o ?? {}).map(([k, v]) => `${k}=${v}`).join('\n');

/** #/rules/new and #/rules/<id>: every field of the rules API, a live preview, and the API's messages next to each field. */
export function ruleEditPage(id: string): HTMLElement {
  const body = h('div', {}, loading('rule'));
  const title = h('h1', {}, id === 'new' ? 'New delivery rule' : 'Edit delivery rule');
  Promise.all([api.get('/delivery-rules'), api.get('/carrierservices'), api.get('/warehouses')]).then(([rules, services, warehouses]) => {
    const all = rules.body as Rule[];
    const rule = id === 'new' ? undefined : all.find((r) => r.id === id);
    if (id !== 'new' && !rule) return replace(body, failure(new Error('No such rule: it may have been deleted.')));
    if (rule) title.textContent = `Edit rule ${rule.name}`;
    replace(body, form(rule, all, services.body.map((s: { identifier: string }) => s.identifier), warehouses.body.map((w: { identifier: string }) => w.identifier)));
  }, (err) => replace(body, failure(err)));
  return h('div', {}, h('p', {}, h('a', { href: '#/rules' }, '← All delivery rules')), title, body);
}

function form(rule: Rule | undefined, all: Rule[], services: string[], warehouses: string[]): HTMLElement {
  const f = new FieldSet('rule');
  const c = rule?.conditions ?? {};
  const p = rule?.price ?? {};
  const s = rule?.schedule ?? {};
  const bands = (p.weight_bands ?? []).map((b: { up_to_kg: number; amount: string }) => `${b.up_to_kg}=${b.amount}`).join('\n');
  const days = h('fieldset', { class: 'days' }, h('legend', {}, 'Working days'), ...DAYS.map((d) => f.check(`schedule.working_days.${d}`, d, (s.working_days ?? DAYS.slice(0, 5)).includes(d))));
  const status = h('p', { class: 'status', role: 'status' });
  const save = h('button', { type: 'submit' }, rule ? 'Save rule' : 'Add rule');
  const el = h('form', { class: 'rule-form', 'aria-label': 'Delivery rule', novalidate: true }, f.summary,
    section('Rule',
      f.input('name', 'Name', rule?.name ?? '', undefined, { required: 'true', maxlength: '200' }),
      f.select('service_id', 'Carrier service', services.map((x) => [x, x.replace('|', ' · ')]), services.find((x) => x.toLowerCase() === rule?.service_id?.toLowerCase())),
      f.select('delivery_type', 'Delivery type', TYPES.map((t) => [t, t.replace('_', ' ')]), rule?.delivery_type),
      f.check('enabled', 'Enabled (quotes and allocates)', rule?.enabled ?? true)),
    section('Conditions',
      f.input('conditions.countries', 'Destination countries', join(c.countries), 'ISO codes, comma-separated; EU for every member, * for anywhere. Blank: anywhere.'),
      f.input('conditions.postcodes', 'Postcodes', join(c.postcodes), 'Patterns, comma-separated: * any run, ? one character (SW1A*, E1 ?*).'),
      f.input('conditions.exclude_postcodes', 'Never these postcodes', join(c.exclude_postcodes), 'Patterns, comma-separated (BT*, HS*).'),
      f.input('conditions.warehouses', 'From warehouses', join(c.warehouses), `Comma-separated: ${warehouses.join(', ')}. Blank: any.`),
      f.input('conditions.shipping_methods', 'Shipping methods', join(c.shipping_methods), 'Comma-separated; the request\'s shipping_method must be one.'),
      f.input('conditions.rules_package_types', 'Package types', join(c.rules_package_types), 'Comma-separated; the request\'s rules_package_type must be one.'),
      f.input('conditions.max_package_weight_kg', 'Heaviest package (kg)', c.max_package_weight_kg, undefined, { inputmode: 'decimal' }),
      f.input('conditions.max_package_dimensions_cm', 'Largest package (cm)', join(c.max_package_dimensions_cm), 'Three sides, comma-separated (120, 60, 60).'),
      f.input('conditions.max_consignment_weight_kg', 'Heaviest consignment (kg)', c.max_consignment_weight_kg, undefined, { inputmode: 'decimal' }),
      f.input('conditions.max_packages', 'Most packages', c.max_packages, undefined, { inputmode: 'numeric' }),
      f.input('conditions.min_order_value', 'Lowest order value', c.min_order_value, undefined, { inputmode: 'decimal' }),
      f.input('conditions.max_order_value', 'Highest order value', c.max_order_value, undefined, { inputmode: 'decimal' }),
      f.textarea('conditions.options', 'Required options', lines(c.options), 'One per line: name=value (signature_required=true).'),
      f.textarea('conditions.custom_fields', 'Required custom fields', lines(c.custom_fields), 'One per line: custom_field_1=value.')),
    section('Price',
      f.input('price.amount', 'Fixed price', p.amount, 'Decimal, in the company currency. Leave blank to price by weight.', { inputmode: 'decimal' }),
      f.textarea('price.weight_bands', 'Price by consignment weight', bands, 'One band per line, lightest first: up to kg=price (2=3.95).'),
      f.input('price.free_above', 'Free above order value', p.free_above, undefined, { inputmode: 'decimal' })),
    section('Schedule',
      f.input('schedule.cutoff', 'Cutoff (warehouse time)', s.cutoff, 'HH:MM; later orders ship the next working day.', { placeholder: '15:00' }),
      f.textarea('schedule.warehouse_cutoffs', 'Cutoff per warehouse', lines(s.warehouse_cutoffs), 'One per line: warehouse=HH:MM.'),
      f.input('schedule.transit_days', 'Transit (working days)', s.transit_days, undefined, { inputmode: 'numeric' }),
      days,
      f.input('schedule.nominated_days', 'Delivery days offered (nominated day)', s.nominated_days, undefined, { inputmode: 'numeric' }),
      f.input('schedule.delivery_window.start', 'Delivery window from', s.delivery_window?.start, 'HH:MM', { placeholder: '09:00' }),
      f.input('schedule.delivery_window.end', 'Delivery window to', s.delivery_window?.end, 'HH:MM', { placeholder: '12:00' })),
    h('div', { class: 'actions' }, save), status);
  const bodyOf = (): Rule => ruleBody(f);
  el.addEventListener('submit', async (e) => {
    e.preventDefault();
    save.disabled = true;
    f.clear();
    status.className = 'status';
    status.textContent = 'Saving…';
    try {
      const { body: saved } = rule ? await api.put(`/delivery-rules/${rule.id}`, bodyOf()) : await api.post('/delivery-rules', bodyOf());
      location.hash = `#/rules?saved=${encodeURIComponent(saved.name)}`;
    } catch (err) {
      status.className = 'status error';
      status.textContent = messageOf(err);
      if (err instanceof ApiError && (err.body as { errors?: Record<string, string[]> })?.errors) f.show((err.body as { errors: Record<string, string[]> }).errors, 'The rule was not saved:');
    } finally {
      save.disabled = false;
    }
  });
  const index = rule ? all.findIndex((r) => r.id === rule.id) : all.length;
  const preview = rulePreview(warehouses, () => {
    const set = [...all];
    set.splice(index, rule ? 1 : 0, bodyOf());
    return { rules: set, index };
  }, f);
  f.onChange(preview.refresh);
  return h('div', { class: 'editor' }, el, preview.element);
}

/** The rule as the API takes it, from the form; blank fields are left out. */
export function ruleBody(f: FieldSet): Rule {
  const bands = f.get('price.weight_bands').split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
    const [kg, amount] = l.split('=').map((x) => x.trim());
    return { up_to_kg: num(kg ?? '') ?? kg, amount: amount ?? '' };
  });
  const dims = list(f.get('conditions.max_package_dimensions_cm'));
  const start = str(f.get('schedule.delivery_window.start'));
  const end = str(f.get('schedule.delivery_window.end'));
  return {
    name: f.get('name').trim(), service_id: f.get('service_id'), delivery_type: f.get('delivery_type'), enabled: f.checked('enabled'),
    conditions: compact({
      countries: list(f.get('conditions.countries')), postcodes: list(f.get('conditions.postcodes')),
      exclude_postcodes: list(f.get('conditions.exclude_postcodes')), warehouses: list(f.get('conditions.warehouses')),
      shipping_methods: list(f.get('conditions.shipping_methods')), rules_package_types: list(f.get('conditions.rules_package_types')),
      max_package_weight_kg: num(f.get('conditions.max_package_weight_kg')), max_package_dimensions_cm: dims?.map((d) => num(d) ?? d),
      max_consignment_weight_kg: num(f.get('conditions.max_consignment_weight_kg')), max_packages: num(f.get('conditions.max_packages')),
      min_order_value: str(f.get('conditions.min_order_value')), max_order_value: str(f.get('conditions.max_order_value')),
      options: pairs(f.get('conditions.options')), custom_fields: pairs(f.get('conditions.custom_fields')),
    }) ?? {},
    price: compact({ amount: str(f.get('price.amount')), weight_bands: bands.length ? bands : undefined, free_above: str(f.get('price.free_above')) }) ?? {},
    schedule: compact({
      cutoff: str(f.get('schedule.cutoff')), warehouse_cutoffs: pairs(f.get('schedule.warehouse_cutoffs')),
      transit_days: num(f.get('schedule.transit_days')), working_days: DAYS.filter((d) => f.checked(`schedule.working_days.${d}`)),
      nominated_days: num(f.get('schedule.nominated_days')), delivery_window: start || end ? { start: start ?? '', end: end ?? '' } : undefined,
    }) ?? {},
  };
}
