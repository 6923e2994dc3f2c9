import { ApiError, api } from '../api';
import { failure, h, loading, replace } from '../dom';
import { FieldSet, list, num } from '../form-fields';

interface Policy {
  enabled: boolean; window_days: number; reasons: Array<{ code: string; label: string }>; warehouse_id: string | null;
  service_id: string | null; countries: string[]; instructions: string | null;
}
interface Service { identifier: string; return?: boolean }
interface Warehouse { identifier: string; name: string }

/** "code = label" lines ↔ the policy's reasons. */
const reasonLines = (reasons: Policy['reasons']) => reasons.map((r) => `${r.code} = ${r.label}`).join('\n');
function reasonsOf(text: string): Policy['reasons'] {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).map((l) => {
    const at = l.indexOf('=');
    return at < 0 ? { code: l, label: l } : { code: l.slice(0, at).trim(), label: l.slice(at + 1).trim() };
  });
}

/**
 * The company's returns policy (`/returns-policy`, docs/api/returns.md): where returns go, on which return
 * service, and what a recipient may return. Saved whole, as the API replaces it; a refused value is shown
 * next to its field.
 */
export function returnsPolicyPage(): HTMLElement {
  const body = h('div', {}, loading('returns policy'));
  const page = h('div', {}, h('h1', {}, 'Returns policy'),
    h('p', {}, 'Where returned parcels go and which return service carries them when a return names none. '
      + 'The window, countries and reasons say what a recipient may return.'),
    body);
  Promise.all([api.get('/returns-policy'), api.get('/carrierservices'), api.get('/warehouses')])
    .then(([p, s, w]) => replace(body, editor(p.body as Policy, (s.body as Service[]).filter((x) => x.return), w.body as Warehouse[])), (err) => replace(body, failure(err)));
  return page;
}

function editor(saved: Policy, services: Service[], warehouses: Warehouse[]): HTMLElement {
  const f = new FieldSet('rp');
  const message = h('p', { class: 'status', role: 'status', id: 'rp-message' });
  const serviceOptions: Array<[string, string]> = [['auto', 'Chosen by the delivery rules (auto)'], ...services.map((s): [string, string] => [s.identifier, s.identifier]), ['', 'None: each return names one']];
  const form = h('form', { class: 'card', 'aria-label': 'Returns policy' },
    f.summary,
    f.check('enabled', 'Returns enabled', saved.enabled),
    f.input('window_days', 'Days to return', saved.window_days, 'After the parcel was sent, 1 to 365.', { inputmode: 'numeric' }),
    f.input('countries', 'Countries returns come from', saved.countries.join(', '), 'Two-letter codes, separated by commas: GB, IE.'),
    f.select('warehouse_id', 'Returns warehouse', [['', 'The warehouse each parcel left from'], ...warehouses.map((w): [string, string] => [w.identifier, w.name])], saved.warehouse_id ?? ''),
    f.select('service_id', 'Return service', serviceOptions, saved.service_id ?? ''),
    f.textarea('reasons', 'Reasons', reasonLines(saved.reasons), 'One a line, as code = label: too_small = Too small.'),
    f.textarea('instructions', 'Instructions for the recipient', saved.instructions ?? ''),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Save')),
    message);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    f.clear();
    message.className = 'status';
    message.textContent = 'Saving…';
    const policy = {
      enabled: f.checked('enabled'), window_days: num(f.get('window_days')) ?? null, countries: list(f.get('countries').toUpperCase()) ?? [],
      warehouse_id: f.get('warehouse_id') || null, service_id: f.get('service_id') || null,
      reasons: reasonsOf(f.get('reasons')), instructions: f.get('instructions').trim() || null,
    };
    try {
      await api.put('/returns-policy', policy);
      message.textContent = 'Saved. Returns booked from now on follow it.';
    } catch (err) {
      message.className = 'status error';
      message.textContent = 'Not saved.';
      const errors = err instanceof ApiError ? (err.body as { errors?: Record<string, string[]> } | null)?.errors : undefined;
      if (errors) f.show(errors, 'Not saved:');
      else message.textContent = (err as Error).message;
    }
  });
  return form;
}
