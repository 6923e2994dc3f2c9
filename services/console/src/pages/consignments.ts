import { api, cursorQuery } from '../api';
import { empty, failure, h, loading, replace, section, when } from '../dom';

export const STATUSES = ['Unallocated', 'Allocated', 'Printed', 'Manifested', 'Despatched', 'Delivered', 'Exception', 'Cancelled'];

export interface Consignment {
  identifier: string;
  order_number: string;
  create_date: string | null;
  carrier: string | null;
  service: string | null;
  service_id?: string | null;
  warehouse_id?: string | null;
  current_status: { status: string; rejection_reason: string | null };
  [key: string]: any;
}

/** A consignments table; `select` adds a checkbox per row (the manifest page uses it). */
/** `eligible` (with `select`) leaves a row's checkbox disabled when it returns false. */
export function consignmentTable(rows: Consignment[], id: string, select?: Set<string>, eligible?: (c: Consignment) => boolean): HTMLElement {
  const head = [select ? 'Select' : null, 'Order number', 'Status', 'Carrier', 'Service', 'Warehouse', 'Created'].filter(Boolean).map((t) => h('th', { scope: 'col' }, t!));
  const checkbox = (c: Consignment): HTMLElement => h('td', {}, eligible && !eligible(c) ? h('input', {
    type: 'checkbox', disabled: true, 'aria-label': `${c.order_number} is for another carrier or warehouse`,
    title: 'Another carrier or warehouse than the ones chosen',
  }) : h('input', {
    type: 'checkbox', 'aria-label': `Select ${c.order_number}`, checked: select!.has(c.identifier),
    onchange: (e: Event) => { if ((e.target as HTMLInputElement).checked) select!.add(c.identifier); else select!.delete(c.identifier); },
  }));
  const row = (c: Consignment): HTMLElement => h('tr', {},
    select ? checkbox(c) : null,
    h('td', {}, h('a', { href: `#/consignments/${c.identifier}` }, c.order_number)),
    h('td', {}, c.current_status.status),
    h('td', {}, c.carrier ?? '—'),
    h('td', {}, c.service ?? '—'),
    h('td', {}, c.warehouse_id?.split('|').slice(1).join('|') || '—'),
    h('td', {}, when(c.create_date)));
  return h('div', { class: 'scroll' }, h('table', { id }, h('thead', {}, h('tr', {}, ...head)), h('tbody', {}, ...rows.map(row))));
}

/**
 * Lists one page at a time, following the API's `next` cursor; filters go to the API as they are. `id`
 * names the table (and `<id>-count` its count), as a page may hold more than one list.
 */
export function pagedConsignments(
  id: string, filter: () => URLSearchParams, select?: Set<string>, eligible?: (c: Consignment) => boolean,
): { element: HTMLElement; load(): void } {
  const results = h('div', {}, loading('consignments'));
  const pager = h('div', { class: 'actions' });
  const count = h('p', { role: 'status', id: `${id}-count` });
  async function load(query?: string, depth = 0): Promise<void> {
    replace(results, loading('consignments'));
    const q = query ?? `?${filter().toString()}`;
    try {
      const { body } = await api.get(`/consignments${q}`);
      count.textContent = body.count ? `${body.count} matching from this page on.` : '';
      replace(results, body.results.length ? consignmentTable(body.results, id, select, eligible) : empty('No consignments match.'));
      const next = cursorQuery(body.next);
      replace(pager, depth > 0 ? h('button', { type: 'button', onclick: () => load() }, 'First page') : null,
        next ? h('button', { type: 'button', onclick: () => load(next, depth + 1) }, 'Next page') : null);
    } catch (err) {
      count.textContent = '';
      replace(results, failure(err));
    }
  }
  return { element: h('div', {}, count, results, pager), load: () => void load() };
}

export function consignmentsPage(): HTMLElement {
  const status = h('select', { id: 'filter-status' }, h('option', { value: '' }, 'Any'), ...STATUSES.map((s) => h('option', { value: s }, s)));
  const order = h('input', { id: 'filter-order', name: 'order_number' });
  const identifier = h('input', { id: 'filter-identifier', name: 'identifier' });
  const list = pagedConsignments('consignments', () => {
    const q = new URLSearchParams({ limit: '20' });
    if (status.value) q.set('status', status.value);
    if (order.value.trim()) q.set('order_number', order.value.trim());
    if (identifier.value.trim()) q.set('identifier', identifier.value.trim());
    return q;
  });
  const field = (label: string, control: HTMLElement): HTMLElement => h('div', { class: 'field' }, h('label', { for: control.id }, label), control);
  const form = h('form', { class: 'card filters', role: 'search', 'aria-label': 'Search consignments' },
    field('Status', status), field('Order number', order), field('Identifier', identifier),
    h('button', { type: 'submit' }, 'Search'));
  form.addEventListener('submit', (e) => { e.preventDefault(); list.load(); });
  list.load();
  return h('div', {}, h('h1', {}, 'Consignments'), form, section('Results', list.element));
}
