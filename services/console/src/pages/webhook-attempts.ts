import { api, cursorQuery } from '../api';
import { action, empty, failure, h, loading, replace, section, when } from '../dom';

interface Attempt {
  id: string;
  event_id: string;
  event_type: string;
  attempted_at: string;
  outcome: string;
  status_code: number | null;
  latency_ms: number | null;
  response_head: string | null;
  error: string | null;
}

/** The endpoint's attempt log, newest first, with resend, recovery and a watch for a just-sent event. */
export function attemptLog(endpointId: string): { element: HTMLElement; watch(eventId: string): void } {
  const path = `/webhooks/endpoints/${encodeURIComponent(endpointId)}`;
  const status = h('p', { class: 'status', role: 'status', id: 'attempts-status' });
  const table = h('div', {}, loading('attempts'));
  const pager = h('div', { class: 'actions' });

  async function load(query = ''): Promise<Attempt[]> {
    try {
      const { body } = await api.get(`${path}/attempts${query}`);
      const results = body.results as Attempt[];
      replace(table, results.length ? render(results) : empty('No delivery attempts yet. Send a test event to try the endpoint.'));
      const next = cursorQuery(body.next);
      replace(pager, query ? h('button', { type: 'button', onclick: () => load() }, 'Newest attempts') : null,
        next ? h('button', { type: 'button', onclick: () => load(next) }, 'Older attempts') : null);
      return results;
    } catch (err) {
      replace(table, failure(err));
      return [];
    }
  }

  function render(rows: Attempt[]): HTMLElement {
    const head = ['Time', 'Event', 'Outcome', 'Status', 'Latency', 'Response', ''].map((t) => h('th', { scope: 'col' }, t));
    return h('div', { class: 'scroll' }, h('table', { id: 'attempts' }, h('thead', {}, h('tr', {}, ...head)), h('tbody', {}, ...rows.map((a) => h('tr', {},
      h('td', {}, when(a.attempted_at)),
      h('td', {}, a.event_type, h('br'), h('small', {}, a.event_id)),
      h('td', {}, h('span', { class: `badge ${a.outcome === 'success' ? 'ok' : a.outcome === 'failure' ? 'off' : ''}` }, a.outcome)),
      h('td', {}, a.status_code ?? '—'),
      h('td', {}, a.latency_ms === null ? '—' : `${a.latency_ms} ms`),
      h('td', {}, h('code', { class: 'head' }, a.response_head ?? a.error ?? '')),
      h('td', {}, action('Resend', async () => {
        await api.post(`/webhooks/messages/${encodeURIComponent(a.event_id)}/resend`, { endpoint_id: endpointId });
        watch(a.event_id);
        return `Event ${a.event_id} sent again.`;
      }, status, { 'aria-label': `Resend ${a.event_id}` })))))));
  }

  /** Polls until the event's newest attempt has an outcome, so a send shows up without a manual refresh. */
  function watch(eventId: string): void {
    let tries = 0;
    const tick = async (): Promise<void> => {
      const rows = await load();
      if (rows.some((a) => a.event_id === eventId && a.outcome !== 'pending') || ++tries > 30) return;
      setTimeout(tick, 1000);
    };
    void tick();
  }

  const since = h('input', { type: 'datetime-local', id: 'recover-since', required: true });
  const recover = h('form', { class: 'inline-form', 'aria-label': 'Recover failed messages' },
    h('label', { for: 'recover-since' }, 'Resend failed messages since'), since, h('button', { type: 'submit' }, 'Recover'));
  recover.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const { body } = await api.post(`${path}/recover`, { since: new Date(since.value).toISOString() });
      status.className = 'status';
      status.textContent = `${body.resent} failed message(s) sent again.`;
      void load();
    } catch (err) {
      status.className = 'status error';
      status.textContent = (err as Error).message;
    }
  });

  void load();
  const element = section('Delivery attempts', recover, status,
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => load() }, 'Refresh')), table, pager);
  return { element, watch };
}
