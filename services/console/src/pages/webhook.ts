import { api } from '../api';
import { action, failure, h, loading, messageOf, replace, section, when } from '../dom';
import { stateOf, type Endpoint } from './webhooks';
import { attemptLog } from './webhook-attempts';

const EVENT_TYPES = ['tracking_update', 'proof_of_delivery'];

export function webhookPage(id: string): HTMLElement {
  const body = h('div', {}, loading('endpoint'));
  const page = h('div', {}, h('p', {}, h('a', { href: '#/webhooks' }, '← All endpoints')), h('h1', {}, 'Webhook endpoint'), body);
  api.get(`/webhooks/endpoints/${encodeURIComponent(id)}`).then(
    ({ body: e }) => replace(body, ...view(e as Endpoint)),
    (err) => replace(body, failure(err)),
  );
  return page;
}

function view(e: Endpoint): HTMLElement[] {
  const path = `/webhooks/endpoints/${encodeURIComponent(e.id)}`;
  const status = h('p', { class: 'status', role: 'status', id: 'endpoint-status' });
  const state = h('dd', { id: 'endpoint-state' }, stateOf(e));
  const log = attemptLog(e.id);
  const toggle = action(e.enabled ? 'Disable' : 'Enable', async () => {
    const { body } = await api.patch(path, { enabled: !e.enabled });
    Object.assign(e, body);
    state.textContent = stateOf(e);
    toggle.textContent = e.enabled ? 'Disable' : 'Enable';
    return e.enabled ? 'Endpoint enabled.' : 'Endpoint disabled.';
  }, status);
  const secret = h('code', { id: 'secret' }, '••••••••');
  return [
    h('dl', { class: 'facts' },
      h('dt', {}, 'URL'), h('dd', { id: 'endpoint-url' }, e.url),
      h('dt', {}, 'State'), state,
      h('dt', {}, 'Events'), h('dd', {}, e.event_types.join(', ')),
      h('dt', {}, 'Created'), h('dd', {}, when(e.created_at))),
    h('div', { class: 'actions' },
      action('Send test event', async () => {
        const { body } = await api.post(`${path}/test`);
        log.watch(body.event_id);
        return `Test event ${body.event_id} queued; its attempt appears below.`;
      }, status),
      toggle,
      action('Delete', async () => {
        if (!confirm(`Delete the endpoint ${e.url}? It stops receiving events at once.`)) return 'Not deleted.';
        await api.del(path);
        location.hash = '#/webhooks';
      }, status, { class: 'danger' })),
    status,
    section('Signing secret', h('p', {}, secret),
      h('div', { class: 'actions' },
        action('Reveal secret', async () => { secret.textContent = (await api.get(`${path}/secret`)).body.secret; }, status),
        action('Copy secret', async () => {
          const value = (await api.get(`${path}/secret`)).body.secret as string;
          await navigator.clipboard.writeText(value);
          return 'Secret copied to the clipboard.';
        }, status),
        action('Rotate secret', async () => {
          if (!confirm('Rotate the secret? The old one keeps verifying for 24 hours.')) return 'Not rotated.';
          secret.textContent = (await api.post(`${path}/rotate-secret`)).body.secret;
          return 'Secret rotated; the new one is shown.';
        }, status))),
    editForm(e, path, status),
    log.element,
  ];
}

function editForm(e: Endpoint, path: string, status: HTMLElement): HTMLElement {
  const url = h('input', { id: 'edit-url', name: 'url', value: e.url, inputmode: 'url', required: true });
  const description = h('input', { id: 'edit-description', name: 'description', value: e.description ?? '' });
  const boxes = EVENT_TYPES.map((t) => h('input', { type: 'checkbox', id: `type-${t}`, value: t, checked: e.event_types.includes(t) }));
  const form = h('form', { class: 'card', 'aria-label': 'Edit endpoint' }, h('h2', {}, 'Edit'),
    h('label', { for: 'edit-url' }, 'URL'), url,
    h('label', { for: 'edit-description' }, 'Description'), description,
    h('fieldset', {}, h('legend', {}, 'Event types'), ...boxes.map((b) => h('label', { class: 'inline', for: b.id }, b, b.value))),
    h('button', { type: 'submit' }, 'Save'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    status.className = 'status';
    status.textContent = 'Saving…';
    try {
      const body = { url: url.value.trim(), description: description.value, event_types: boxes.filter((b) => b.checked).map((b) => b.value) };
      Object.assign(e, (await api.patch(path, body)).body);
      document.getElementById('endpoint-url')!.textContent = e.url;
      status.textContent = 'Saved.';
    } catch (err) {
      status.className = 'status error';
      status.textContent = messageOf(err);
    }
  });
  return form;
}
