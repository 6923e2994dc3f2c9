import { api } from '../api';
import { action, empty, failure, h, loading, replace, section, when } from '../dom';
import { stateOf, type Endpoint } from './webhooks';

interface QueueItem {
  identifier: string; order_number: string; status: string; kind: 'exception' | 'refused';
  rejection_reason: string | null; carrier: string | null; since: string;
}

/** What went wrong, newest first, each with the action that resolves it, through the public API. */
export function exceptionsPage(): HTMLElement {
  const consignments = h('div', {}, loading('consignments'));
  const endpoints = h('div', {}, loading('endpoints'));
  void loadConsignments(consignments);
  void loadEndpoints(endpoints);
  return h('div', {}, h('h1', {}, 'Exceptions'),
    h('p', {}, 'Consignments in Exception or refused by a carrier, and webhook endpoints failing or disabled.'),
    section('Consignments', consignments), section('Webhook endpoints', endpoints));
}

const link = (c: QueueItem) => h('a', { href: `#/consignments/${encodeURIComponent(c.identifier)}` }, c.order_number);

async function loadConsignments(box: HTMLElement): Promise<void> {
  try {
    const [queue, services] = await Promise.all([api.get('/dashboard/exceptions?limit=200'), api.get('/carrierservices')]);
    const items = queue.body.results as QueueItem[];
    if (items.length === 0) return replace(box, empty('Nothing needs attention: no consignment is in Exception or refused.'));
    const names = (services.body as Array<{ identifier: string }>).map((s) => s.identifier);
    replace(box, h('div', { class: 'scroll' }, h('table', { id: 'exception-queue', class: 'queue' },
      h('thead', {}, h('tr', {}, ...['Order', 'Problem', 'Carrier', 'Since', 'Resolve'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...items.map((c) => row(c, names))))));
  } catch (err) {
    replace(box, failure(err));
  }
}

/** A resolved row keeps its place and says what was done; it leaves the queue on the next visit. */
function resolved(tr: HTMLElement, message: string): string {
  tr.classList.add('resolved');
  tr.querySelectorAll('button, select').forEach((el) => el.remove());
  return message;
}

function row(c: QueueItem, services: string[]): HTMLElement {
  const status = h('p', { class: 'status', role: 'status' });
  const problem = c.kind === 'exception' ? `In Exception${c.rejection_reason ? `: ${c.rejection_reason}` : ''}` : `Refused: ${c.rejection_reason}`;
  const cells: Array<Node | string> = [h('a', { href: `#/consignments/${encodeURIComponent(c.identifier)}` }, 'Open')];
  if (c.kind === 'refused') {
    const id = `service-${c.identifier}`;
    const choice = h('select', { id, name: 'service_id' },
      h('option', { value: 'auto' }, 'By the allocation rules'), ...services.map((s) => h('option', { value: s }, s.replace('|', ' · '))));
    const path = `/consignment/${encodeURIComponent(c.identifier)}`;
    cells.push(h('label', { for: id, class: 'visually-hidden' }, `Service for ${c.order_number}`), choice,
      action('Reallocate', async () => {
        // A PUT replaces the consignment: send back what it is, with the new service (read-only fields are ignored).
        const { body } = await api.get(path);
        const { body: after } = await api.put(path, { ...body, service_id: choice.value, carrier: null });
        // A refused booking is not an error of the request: the consignment stays unallocated, saying why.
        if (after.current_status.status === 'Unallocated') throw new Error(`Refused again: ${after.current_status.rejection_reason ?? 'no service found'}`);
        return resolved(tr, `Allocated to ${after.service_id}.`);
      }, status),
      action('Cancel', async () => {
        if (!confirm(`Cancel consignment ${c.order_number}?`)) return 'Not cancelled.';
        await api.del(path);
        return resolved(tr, 'Cancelled.');
      }, status, { class: 'danger' }));
  }
  const tr = h('tr', {}, h('th', { scope: 'row' }, link(c)), h('td', { 'data-label': 'Problem' }, problem),
    h('td', { 'data-label': 'Carrier' }, c.carrier ?? '—'), h('td', { 'data-label': 'Since' }, when(c.since)),
    h('td', {}, h('div', { class: 'actions' }, ...cells), status));
  return tr;
}

async function loadEndpoints(box: HTMLElement): Promise<void> {
  try {
    const all = (await api.get('/webhooks/endpoints')).body as Array<Endpoint & { failing_since?: string | null }>;
    const troubled = all.filter((e) => !e.enabled || e.failing_since);
    if (troubled.length === 0) return replace(box, empty('Every webhook endpoint is delivering.'));
    replace(box, h('div', { class: 'scroll' }, h('table', { id: 'endpoint-queue', class: 'queue' },
      h('thead', {}, h('tr', {}, ...['Endpoint', 'Problem', 'Resolve'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...troubled.map((e) => endpointRow(e, () => void loadEndpoints(box)))))));
  } catch (err) {
    replace(box, failure(err));
  }
}

function endpointRow(e: Endpoint & { failing_since?: string | null }, reload: () => void): HTMLElement {
  const status = h('p', { class: 'status', role: 'status' });
  const path = `/webhooks/endpoints/${encodeURIComponent(e.id)}`;
  const problem = e.enabled ? `Failing since ${when(e.failing_since)}` : stateOf(e);
  const since = e.failing_since ?? new Date(Date.now() - 86_400_000).toISOString();
  const actions: Node[] = [h('a', { href: `#/webhooks/${encodeURIComponent(e.id)}` }, 'Open')];
  if (!e.enabled) {
    actions.push(action('Re-enable', async () => {
      await api.patch(path, { enabled: true });
      reload();
      return 'Enabled.';
    }, status));
  }
  actions.push(action(e.failing_since ? 'Resend since the failures began' : 'Resend the last 24 hours', async () => {
    const { body } = await api.post(`${path}/recover`, { since });
    return `${body.resent ?? 'The'} messages queued again.`;
  }, status, { disabled: !e.enabled, title: e.enabled ? undefined : 'Enable the endpoint first' }));
  return h('tr', {}, h('th', { scope: 'row' }, e.url, e.description ? h('span', { class: 'state' }, ` (${e.description})`) : ''),
    h('td', { 'data-label': 'Problem' }, problem), h('td', {}, h('div', { class: 'actions' }, ...actions), status));
}
