import { ApiError, api } from '../api';
import { action, empty, failure, h, loading, messageOf, replace, section } from '../dom';
import { FieldSet } from '../form-fields';
import type { Rule } from './rule-form';

const priceText = (p: Rule['price']) => (p.amount ? p.amount : `${p.weight_bands?.length ?? 0} weight bands`) + (p.free_above ? `, free above ${p.free_above}` : '');

/** #/rules: the company's delivery rules (enable, disable, delete, edit) and the settings they run with. */
export function rulesPage(): HTMLElement {
  const list = h('div', {}, loading('rules'));
  const saved = new URLSearchParams(location.hash.split('?')[1] ?? '').get('saved');
  void load(list);
  return h('div', {}, h('h1', {}, 'Delivery rules'),
    h('p', {}, 'Rules decide the delivery options a checkout is offered and which service allocation by rules picks.'),
    saved ? h('p', { class: 'status', role: 'status' }, `Rule “${saved}” saved.`) : null,
    settingsForm(), section('Rules', h('p', {}, h('a', { href: '#/rules/new', class: 'button' }, 'Add a rule')), list));
}

async function load(box: HTMLElement): Promise<void> {
  try {
    const rules = (await api.get('/delivery-rules')).body as Rule[];
    if (rules.length === 0) return replace(box, empty('No delivery rules yet: checkouts are offered nothing and allocation by rules finds no service.'));
    replace(box, h('div', { class: 'scroll' }, h('table', { id: 'rules', class: 'queue' },
      h('thead', {}, h('tr', {}, ...['Rule', 'Service', 'Type', 'Countries', 'Price', 'State', 'Change'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...rules.map((r) => row(r, () => void load(box)))))));
  } catch (err) {
    replace(box, failure(err));
  }
}

function row(r: Rule, reload: () => void): HTMLElement {
  const status = h('p', { class: 'status', role: 'status' });
  const path = `/delivery-rules/${encodeURIComponent(r.id)}`;
  return h('tr', {}, h('th', { scope: 'row' }, h('a', { href: `#/rules/${encodeURIComponent(r.id)}` }, r.name)),
    h('td', { 'data-label': 'Service' }, r.service_id.replace('|', ' · ')), h('td', { 'data-label': 'Type' }, r.delivery_type.replace('_', ' ')),
    h('td', { 'data-label': 'Countries' }, r.conditions?.countries?.join(', ') ?? 'Anywhere'), h('td', { 'data-label': 'Price' }, priceText(r.price)),
    h('td', { 'data-label': 'State' }, h('span', { class: r.enabled ? 'badge ok' : 'badge off' }, r.enabled ? 'Enabled' : 'Disabled')),
    h('td', {}, h('div', { class: 'actions' },
      action(r.enabled ? 'Disable' : 'Enable', async () => {
        await api.put(path, { ...r, enabled: !r.enabled });
        reload();
      }, status, { 'aria-label': `${r.enabled ? 'Disable' : 'Enable'} ${r.name}` }),
      action('Delete', async () => {
        if (!confirm(`Delete the rule “${r.name}”?`)) return 'Not deleted.';
        await api.del(path);
        reload();
      }, status, { class: 'danger', 'aria-label': `Delete ${r.name}` })), status));
}

function settingsForm(): HTMLElement {
  const f = new FieldSet('settings');
  const box = h('div', {}, loading('settings'));
  const status = h('p', { class: 'status', role: 'status' });
  const form = h('form', { class: 'card', 'aria-label': 'Rule settings', novalidate: true }, h('h2', {}, 'Settings'), box);
  api.get('/delivery-settings').then(({ body }) => {
    replace(box, f.summary,
      f.select('allocation_preference', 'Allocation preference', [['cheapest', 'Cheapest (then soonest)'], ['fastest', 'Fastest (then cheapest)']], body.allocation_preference,
        'Which matching service allocation by rules tries first.'),
      f.input('currency', 'Currency', body.currency, 'ISO code of every rule price (GBP, EUR, NOK).', { maxlength: '3' }),
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Save settings')), status);
  }, (err) => replace(box, failure(err)));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    f.clear();
    try {
      const { body } = await api.put('/delivery-settings', { allocation_preference: f.get('allocation_preference'), currency: f.get('currency').trim() });
      status.className = 'status';
      status.textContent = `Saved: ${body.allocation_preference}, ${body.currency}.`;
    } catch (err) {
      status.className = 'status error';
      status.textContent = messageOf(err);
      if (err instanceof ApiError && (err.body as { errors?: Record<string, string[]> })?.errors) f.show((err.body as { errors: Record<string, string[]> }).errors, 'Not saved:');
    }
  });
  return form;
}
