import { api } from '../api';
import { action, empty, failure, h, loading, replace, section, when } from '../dom';
import type { Consignment } from './consignments';
import { labelSection } from './label';
import { carrierCallsSection } from './carrier-calls';
import { returnsSection } from './consignment-returns';

export function consignmentPage(id: string): HTMLElement {
  const body = h('div', {}, loading('consignment'));
  const title = h('h1', {}, 'Consignment');
  const path = `/consignment/${encodeURIComponent(id)}`;
  const render = (c: Consignment): void => {
    title.textContent = `Consignment ${c.order_number}`;
    replace(body, ...view(c, path, render));
  };
  api.get(path).then(({ body: c }) => render(c), (err) => replace(body, failure(err)));
  return h('div', {}, h('p', {}, h('a', { href: '#/consignments' }, '← All consignments')), title, body);
}

function view(c: Consignment, path: string, rerender: (c: Consignment) => void): HTMLElement[] {
  const status = h('p', { class: 'status', role: 'status', id: 'consignment-status' });
  // The API answers 409 for these (and cancelling a cancelled one again changes nothing).
  const cancellable = !['Manifested', 'Despatched', 'Delivered', 'Cancelled'].includes(c.current_status.status);
  const r = c.recipient ?? {};
  const a = r.address ?? {};
  const history = h('div', {}, loading('history'));
  api.get(`${path}/history`).then(({ body: rows }) => replace(history, rows.length ? h('ol', { id: 'history' },
    ...rows.map((e: { status: string; reason: string | null; at: string }) => h('li', {}, h('strong', {}, e.status), ` ${when(e.at)}`, e.reason ? ` (${e.reason})` : ''))) : empty('No history yet.')),
  (err) => replace(history, failure(err)));
  const tracking = h('div', {}, loading('tracking events'));
  api.get(`${path}/tracking`).then(({ body: rows }) => replace(tracking, rows.length ? trackingTable(rows) : empty('No tracking events yet.')),
    (err) => replace(tracking, failure(err)));
  const packages = (c.packages ?? []) as Array<Record<string, any>>;
  const returns = returnsSection(c);
  return [
    h('dl', { class: 'facts' },
      h('dt', {}, 'Status'), h('dd', { id: 'current-status' }, c.current_status.status, c.current_status.rejection_reason ? ` (${c.current_status.rejection_reason})` : ''),
      h('dt', {}, 'Identifier'), h('dd', {}, h('code', {}, c.identifier)),
      h('dt', {}, 'Carrier'), h('dd', {}, c.carrier ?? '—'),
      h('dt', {}, 'Service'), h('dd', {}, c.service ?? '—'),
      h('dt', {}, 'Consignment number'), h('dd', {}, c.consignment_number ?? '—'),
      h('dt', {}, 'Recipient\'s tracking page'), h('dd', { id: 'tracking-page' }, c.tracking_url ? h('a', { href: c.tracking_url, rel: 'noopener noreferrer', target: '_blank' }, c.tracking_url) : 'Once allocated')),
    section('Recipient', h('address', {}, ...[r.name, r.company_name, a.address1, a.address2, a.city, a.postcode, a.country, r.email_address, r.phone_number]
      .filter(Boolean).flatMap((line) => [line, h('br')]))),
    section('Packages', packages.length ? h('div', { class: 'scroll' }, h('table', {},
      h('thead', {}, h('tr', {}, ...['#', 'Tracking number', 'Weight (kg)', 'Size (cm)', 'Items'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...packages.map((p, i) => h('tr', {}, h('td', {}, i + 1), h('td', {}, p.tracking_number ?? '—'), h('td', {}, p.weight ?? '—'),
        h('td', {}, [p.length, p.width, p.height].every((v) => v != null) ? `${p.length}×${p.width}×${p.height}` : '—'), h('td', {}, (p.items ?? []).length)))))) : empty('No packages.')),
    ...(returns ? [returns] : []),
    section('Status history', history),
    section('Tracking events', tracking),
    carrierCallsSection(path),
    labelSection(path),
    section('Cancel', h('div', { class: 'actions' }, action('Cancel consignment', async () => {
      if (!confirm(`Cancel consignment ${c.order_number}? The carrier booking is released.`)) return 'Not cancelled.';
      rerender((await api.del(path)).body);
    }, status, { class: 'danger', disabled: !cancellable, 'aria-describedby': cancellable ? undefined : 'cancel-why' })),
    cancellable ? null : h('p', { id: 'cancel-why', class: 'state' }, c.current_status.status === 'Cancelled' ? 'This consignment is cancelled.'
      : `A ${c.current_status.status.toLowerCase()} consignment can no longer be cancelled.`), status),
    erasure(c, path, rerender),
  ];
}

/** A recipient's request to erase their personal data (docs/api/retention.md): at once, everywhere, for good. */
function erasure(c: Consignment, path: string, rerender: (c: Consignment) => void): HTMLElement {
  if (c.erased) return section('Personal data', h('p', { id: 'erased', class: 'state' }, 'The recipient\u2019s personal data was erased.'));
  const status = h('p', { class: 'status', role: 'status', id: 'erase-status' });
  return section('Personal data', h('div', { class: 'actions' }, action('Erase personal data', async () => {
    if (!confirm(`Erase the recipient's personal data from consignment ${c.order_number}? Their name, contact details and street address are `
      + 'erased everywhere, its labels are deleted and its tracking page closes. This cannot be undone.')) return 'Not erased.';
    rerender((await api.post(`${path}/erase`, {})).body);
  }, status, { class: 'danger' })), status);
}

interface TrackingEvent { tracking_number: string; status: string; description: string | null; location: string | null; timestamp: string }

/** `IN_TRANSIT` → `In transit`. */
const statusText = (s: string): string => s.charAt(0) + s.slice(1).toLowerCase().replace(/_/g, ' ');

function trackingTable(rows: TrackingEvent[]): HTMLElement {
  return h('div', { class: 'scroll' }, h('table', { id: 'tracking-events' },
    h('thead', {}, h('tr', {}, ...['Time', 'Tracking number', 'Status', 'Description', 'Location'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, ...rows.map((e) => h('tr', {}, h('td', {}, when(e.timestamp)), h('td', {}, e.tracking_number), h('td', {}, statusText(e.status)),
      h('td', {}, e.description ?? '—'), h('td', {}, e.location ?? '—'))))));
}
