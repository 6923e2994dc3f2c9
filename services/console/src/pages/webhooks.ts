import { api } from '../api';
import { empty, failure, h, loading, messageOf, replace, section } from '../dom';

export interface Endpoint {
  id: string;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
}

const REASONS: Record<string, string> = { gone: 'the receiver answered 410 Gone', failing: 'failing for 5 days', manual: 'disabled by hand' };
export const stateOf = (e: Endpoint): string => (e.enabled ? 'Enabled' : `Disabled: ${REASONS[e.disabled_reason ?? 'manual'] ?? e.disabled_reason}`);

/** Success share of the latest page of attempts (up to 50), which is what "recently" means here. */
async function successRate(id: string): Promise<string> {
  const { body } = await api.get(`/webhooks/endpoints/${encodeURIComponent(id)}/attempts`);
  const done = (body.results as Array<{ outcome: string }>).filter((a) => a.outcome !== 'pending');
  if (done.length === 0) return 'No attempts yet';
  const ok = done.filter((a) => a.outcome === 'success').length;
  return `${Math.round((ok / done.length) * 100)}% of the last ${done.length}`;
}

export function webhooksPage(): HTMLElement {
  const list = h('div', {}, loading('endpoints'));
  const page = h('div', {}, h('h1', {}, 'Webhooks'),
    h('p', {}, 'Endpoints receive signed tracking updates and proofs of delivery.'),
    createForm(), section('Endpoints', list));
  void load(list);
  return page;
}

async function load(list: HTMLElement): Promise<void> {
  try {
    const endpoints = (await api.get('/webhooks/endpoints')).body as Endpoint[];
    if (endpoints.length === 0) return replace(list, empty('No webhook endpoints yet. Add one above.'));
    const rows = endpoints.map((e) => {
      const rate = h('td', {}, '…');
      successRate(e.id).then((r) => { rate.textContent = r; }, (err) => { rate.textContent = messageOf(err); });
      return h('tr', {},
        h('td', {}, h('a', { href: `#/webhooks/${encodeURIComponent(e.id)}` }, e.url)),
        h('td', {}, e.description ?? ''),
        h('td', {}, h('span', { class: e.enabled ? 'badge ok' : 'badge off' }, stateOf(e))),
        rate);
    });
    replace(list, h('div', { class: 'scroll' }, h('table', {},
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'URL'), h('th', { scope: 'col' }, 'Description'), h('th', { scope: 'col' }, 'State'), h('th', { scope: 'col' }, 'Recent success'))),
      h('tbody', {}, ...rows))));
  } catch (err) {
    replace(list, failure(err));
  }
}

function createForm(): HTMLElement {
  const url = h('input', { id: 'new-url', name: 'url', inputmode: 'url', placeholder: 'https://example.com/waybill', required: true });
  const description = h('input', { id: 'new-description', name: 'description' });
  const status = h('p', { class: 'status', role: 'status', id: 'create-status' });
  const submit = h('button', { type: 'submit' }, 'Add endpoint');
  const form = h('form', { class: 'card', 'aria-label': 'Add endpoint' },
    h('h2', {}, 'Add an endpoint'),
    h('label', { for: 'new-url' }, 'URL'), url,
    h('label', { for: 'new-description' }, 'Description (optional)'), description,
    submit, status);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    submit.disabled = true;
    status.className = 'status';
    status.textContent = 'Adding…';
    try {
      const { body } = await api.post('/webhooks/endpoints', { url: url.value.trim(), description: description.value.trim() || undefined });
      location.hash = `#/webhooks/${encodeURIComponent(body.id)}`;
    } catch (err) {
      status.className = 'status error';
      status.setAttribute('role', 'alert');
      status.textContent = messageOf(err);
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}
