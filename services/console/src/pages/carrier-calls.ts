import { api, cursorQuery } from '../api';
import { empty, failure, h, loading, replace, section, when } from '../dom';

interface CarrierCall {
  id: string;
  at: string;
  carrier: string;
  operation: string;
  method: string;
  url: string;
  status_code: number | null;
  duration_ms: number;
  outcome: 'success' | 'refused' | 'failed' | 'timeout';
  error_source: 'carrier' | 'network' | 'waybill' | null;
  carrier_code: string | null;
  message: string | null;
  request: unknown;
  response: unknown;
}

/** Whose failure it was, in words an operator can act on. */
const SOURCES: Record<string, string> = {
  carrier: 'The carrier answered no',
  network: 'The network (no answer in time, or no connection)',
  waybill: 'Waybill did not send it',
};

const pretty = (body: unknown): string => (body === null || body === undefined ? '(none)' : typeof body === 'string' ? body : JSON.stringify(body, null, 2));

/**
 * The calls Waybill made to carriers for a consignment, newest first: what was asked, what came back and
 * whose failure a refusal was, with the request and response bodies one click away (as recorded:
 * credentials never, label images elided).
 */
export function carrierCallsSection(consignmentPath: string): HTMLElement {
  const table = h('div', {}, loading('carrier calls'));
  const pager = h('div', { class: 'actions' });

  async function load(query = ''): Promise<void> {
    try {
      const { body } = await api.get(`${consignmentPath}/carrier-calls${query}`);
      const rows = body.results as CarrierCall[];
      replace(table, rows.length ? render(rows) : empty('No carrier has been called for this consignment.'));
      const next = cursorQuery(body.next);
      replace(pager, query ? h('button', { type: 'button', onclick: () => load() }, 'Newest calls') : null,
        next ? h('button', { type: 'button', onclick: () => load(next) }, 'Older calls') : null);
    } catch (err) {
      replace(table, failure(err));
    }
  }

  function render(rows: CarrierCall[]): HTMLElement {
    const head = ['Time', 'Operation', 'Status', 'Outcome', 'Whose failure', 'Carrier\'s answer', 'Request and response'].map((t) => h('th', { scope: 'col' }, t));
    return h('div', { class: 'scroll' }, h('table', { id: 'carrier-calls' }, h('thead', {}, h('tr', {}, ...head)), h('tbody', {}, ...rows.map((c) => h('tr', {},
      h('td', {}, when(c.at), h('br'), h('small', {}, `${c.duration_ms} ms`)),
      h('td', {}, c.operation, h('br'), h('small', {}, `${c.carrier} · ${c.method}`)),
      h('td', {}, c.status_code ?? '—'),
      h('td', {}, h('span', { class: `badge ${c.outcome === 'success' ? 'ok' : 'off'}` }, c.outcome)),
      h('td', {}, c.error_source ? SOURCES[c.error_source] ?? c.error_source : '—'),
      h('td', {}, c.carrier_code ? h('code', {}, c.carrier_code) : null, c.carrier_code && c.message ? ' ' : null, c.message ?? (c.carrier_code ? '' : '—')),
      h('td', {}, h('details', {}, h('summary', {}, 'Show'),
        h('p', {}, h('small', {}, `${c.method} ${c.url}`)),
        h('h3', {}, 'Request'), h('pre', { class: 'call-body', tabindex: 0, 'aria-label': 'Request body' }, pretty(c.request)),
        h('h3', {}, 'Response'), h('pre', { class: 'call-body', tabindex: 0, 'aria-label': 'Response body' }, pretty(c.response)))))))));
  }

  void load();
  return section('Carrier calls', h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => load() }, 'Refresh')), table, pager);
}
