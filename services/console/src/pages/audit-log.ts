import { api, cursorQuery } from '../api';
import { empty, failure, h, loading, replace, when } from '../dom';

interface AuditEntry {
  at: string;
  actor: string;
  action: string;
  target: string | null;
  source_ip: string | null;
}

/**
 * The company's audit log (`/audit-log`): who changed credentials, carrier accounts, webhook endpoints,
 * rules, aliases or branding, newest first, a page at a time. Read-only: entries are never edited.
 */
export function auditLogPage(): HTMLElement {
  const table = h('div', {}, loading('the audit log'));
  const pager = h('div', { class: 'actions' });

  async function load(query = ''): Promise<void> {
    try {
      const { body } = await api.get(`/audit-log${query}`);
      const results = body.results as AuditEntry[];
      replace(table, results.length ? render(results) : empty('No changes recorded yet.'));
      const next = cursorQuery(body.next);
      replace(pager, query ? h('button', { type: 'button', onclick: () => load() }, 'Newest changes') : null,
        next ? h('button', { type: 'button', onclick: () => load(next) }, 'Older changes') : null);
    } catch (err) {
      replace(table, failure(err));
    }
  }

  function render(rows: AuditEntry[]): HTMLElement {
    const head = ['Time', 'Who', 'Change', 'On', 'From'].map((t) => h('th', { scope: 'col' }, t));
    return h('div', { class: 'scroll' }, h('table', { id: 'audit-log' }, h('thead', {}, h('tr', {}, ...head)), h('tbody', {}, ...rows.map((e) => h('tr', {},
      h('td', {}, when(e.at)),
      h('td', {}, e.actor),
      h('td', {}, h('code', {}, e.action)),
      h('td', {}, e.target ? h('small', {}, e.target) : '—'),
      h('td', {}, e.source_ip ?? '—'))))));
  }

  void load();
  return h('div', {}, h('h1', {}, 'Audit log'),
    h('p', {}, 'Every change to your credentials, carrier accounts, webhook endpoints, delivery rules, service aliases and tracking page, '
      + 'by whom and from where. Secrets are never recorded. Entries are kept for a year.'),
    h('div', { class: 'actions' }, h('button', { type: 'button', onclick: () => load() }, 'Refresh')), table, pager);
}
