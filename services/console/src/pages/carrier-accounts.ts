import { ApiError, api } from '../api';
import { action, empty, failure, h, loading, messageOf, replace, section, when } from '../dom';
import { FieldSet } from '../form-fields';

/** What `GET /carrier-accounts/credential-keys` says one carrier asks for (its adapter's declaration). */
interface CarrierKeys {
  carrier: string;
  name: string;
  booking_label_formats: string[];
  keys: Array<{ name: string; required: boolean; secret: boolean; description: string }>;
}

interface Account {
  identifier: string;
  carrier: string;
  name: string;
  test_mode: boolean;
  enabled: boolean;
  booking_label_format: string;
  /** Masked by the API: `****` and the last 4 characters. */
  credentials: Record<string, string>;
  created_at: string;
  last_check: { ok: boolean; detail: string | null; at: string } | null;
  webhook_credentials?: { client_id: string; client_secret: string; token_url: string; webhook_url: string };
}

/** `account_number` → `Account number`: the key as the carrier's own documents name it, readable. */
const labelOf = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ').replace(/\bid\b/g, 'ID');

/**
 * #/carrier-accounts: the company's own accounts with real carriers. The add form asks exactly the keys
 * the chosen carrier declares; credentials are only ever shown masked (the API never returns them), typed
 * values leave the form once sent, and nothing is kept in the browser's storage.
 */
export function carrierAccountsPage(): HTMLElement {
  const list = h('div', {}, loading('carrier accounts'));
  const once = h('div', { id: 'webhook-once' });
  // Outside the table, which is drawn again after each action: the answer of a check stays in view.
  const status = h('p', { class: 'status', role: 'status', id: 'accounts-status' });
  const reload = () => void load(list, status);
  const page = h('div', {}, h('h1', {}, 'Carrier accounts'),
    h('p', {}, 'Your own accounts with real carriers. With one, that carrier\'s services appear in your carriers and allocation. '
      + 'Credentials are stored encrypted and never shown again in full.'),
    once, section('Accounts', status, list), addForm(once, reload));
  reload();
  return page;
}

async function load(box: HTMLElement, status: HTMLElement): Promise<void> {
  try {
    const [accounts, carriers] = await Promise.all([api.get('/carrier-accounts'), api.get('/carrier-accounts/credential-keys')]);
    const names = new Map((carriers.body as CarrierKeys[]).map((c) => [c.carrier, c.name]));
    const rows = accounts.body as Account[];
    if (rows.length === 0) return replace(box, empty('No carrier accounts yet: add one below.'));
    replace(box, h('div', { class: 'scroll' }, h('table', { id: 'carrier-accounts', class: 'queue' },
      h('thead', {}, h('tr', {}, ...['Account', 'Carrier', 'Mode', 'State', 'Credentials', 'Last check', 'Change'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...rows.map((a) => row(a, names.get(a.carrier) ?? a.carrier, status, () => void load(box, status)))))));
  } catch (err) {
    replace(box, failure(err));
  }
}

function lastCheck(a: Account): HTMLElement {
  if (!a.last_check) return h('span', { class: 'badge' }, 'Never checked');
  return h('span', {}, h('span', { class: a.last_check.ok ? 'badge ok' : 'badge off' }, a.last_check.ok ? 'OK' : 'Failed'),
    ` ${when(a.last_check.at)}`, a.last_check.detail ? h('span', { class: 'hint check-detail' }, a.last_check.detail) : null);
}

function row(a: Account, carrier: string, status: HTMLElement, reload: () => void): HTMLElement {
  const path = `/carrier-accounts/${encodeURIComponent(a.identifier)}`;
  return h('tr', { 'data-account': a.identifier }, h('th', { scope: 'row' }, a.name),
    h('td', { 'data-label': 'Carrier' }, carrier),
    h('td', { 'data-label': 'Mode' }, a.test_mode ? 'Test' : 'Live'),
    h('td', { 'data-label': 'State' }, h('span', { class: a.enabled ? 'badge ok' : 'badge off' }, a.enabled ? 'Enabled' : 'Disabled')),
    h('td', { 'data-label': 'Credentials' }, h('dl', { class: 'facts' }, ...Object.entries(a.credentials).flatMap(([k, masked]) => [h('dt', {}, labelOf(k)), h('dd', {}, h('code', {}, masked))]))),
    h('td', { 'data-label': 'Last check' }, lastCheck(a)),
    h('td', {}, h('div', { class: 'actions' },
      action('Check', async () => {
        const { body } = await api.post(`${path}/check`);
        reload();
        return body.ok ? `${carrier} accepted the credentials.` : `${carrier} refused: ${body.detail}`;
      }, status, { 'aria-label': `Check ${a.name}` }),
      action(a.enabled ? 'Disable' : 'Enable', async () => {
        await api.patch(path, { enabled: !a.enabled });
        reload();
        return `${a.name} ${a.enabled ? 'disabled' : 'enabled'}.`;
      }, status, { 'aria-label': `${a.enabled ? 'Disable' : 'Enable'} ${a.name}` }),
      action('Remove', async () => {
        if (!confirm(`Remove the account “${a.name}”? Its consignments stay readable and cancellable.`)) return 'Not removed.';
        await api.del(path);
        reload();
        return `${a.name} removed.`;
      }, status, { class: 'danger', 'aria-label': `Remove ${a.name}` }))));
}

/** The client credentials a carrier that pushes with OAuth (UPS Track Alert) is given: in full in this answer only. */
function webhookOnce(a: Account): HTMLElement {
  const w = a.webhook_credentials!;
  return h('section', { class: 'card', 'aria-label': 'Webhook credentials' }, h('h2', {}, `Webhook credentials for ${a.name}`),
    h('p', {}, 'Register these with the carrier for tracking pushes. The secret is shown this once: copy it now.'),
    h('dl', { class: 'facts' },
      h('dt', {}, 'Client ID'), h('dd', {}, h('code', {}, w.client_id)),
      h('dt', {}, 'Client secret'), h('dd', {}, h('code', {}, w.client_secret)),
      h('dt', {}, 'Token URL'), h('dd', {}, h('code', {}, w.token_url)),
      h('dt', {}, 'Webhook URL'), h('dd', {}, h('code', {}, w.webhook_url))),
    h('button', { type: 'button', class: 'done', onclick: (e: Event) => (e.currentTarget as HTMLElement).closest('section')?.remove() }, 'I have copied them'));
}

function addForm(once: HTMLElement, reload: () => void): HTMLElement {
  const box = h('div', {}, loading('carriers'));
  const status = h('p', { class: 'status', role: 'status', id: 'add-status' });
  const form = h('form', { class: 'card', 'aria-label': 'Add a carrier account', novalidate: true, autocomplete: 'off' }, h('h2', {}, 'Add an account'), box, status);
  let carriers: CarrierKeys[] = [];
  let f = new FieldSet('account');
  const credentialBox = h('fieldset', { class: 'credentials' });

  /** The chosen carrier's keys, each its own field: a change of carrier asks a new set (and drops what was typed). */
  const showKeys = () => {
    const c = carriers.find((x) => x.carrier === f.get('carrier'));
    if (!c) return replace(credentialBox);
    replace(credentialBox, h('legend', {}, `${c.name} credentials`),
      ...c.keys.map((k) => f.input(`credentials.${k.name}`, `${labelOf(k.name)}${k.required ? '' : ' (optional)'}`, '', k.description,
        { type: k.secret ? 'password' : 'text', autocomplete: k.secret ? 'new-password' : 'off', spellcheck: 'false', 'data-key': k.name })));
    const formats = box.querySelector<HTMLSelectElement>('select[name="booking_label_format"]');
    if (formats) replace(formats, ...c.booking_label_formats.map((v) => h('option', { value: v }, v.toUpperCase())));
  };

  api.get('/carrier-accounts/credential-keys').then(({ body }) => {
    carriers = body as CarrierKeys[];
    f = new FieldSet('account');
    replace(box, f.summary,
      f.select('carrier', 'Carrier', carriers.map((c) => [c.carrier, c.name]), carriers[0]?.carrier),
      f.input('name', 'Account name', '', 'What your team calls it, e.g. “UPS main”.', { maxlength: '255' }),
      f.select('test_mode', 'Mode', [['true', 'Test (the carrier\'s sandbox)'], ['false', 'Live (real shipments, charged)']], 'true'),
      f.select('booking_label_format', 'Label format', [['pdf', 'PDF']], 'pdf', 'The format labels are booked in; others are converted from it.'),
      credentialBox,
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Add account')));
    box.querySelector('select[name="carrier"]')!.addEventListener('change', showKeys);
    showKeys();
  }, (err) => replace(box, failure(err)));

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    f.clear();
    const c = carriers.find((x) => x.carrier === f.get('carrier'));
    if (!c) return;
    // A blank key is left out: the API then names a required one as missing.
    const credentials = Object.fromEntries(c.keys.map((k) => [k.name, f.get(`credentials.${k.name}`).trim()]).filter(([, v]) => v !== ''));
    status.className = 'status';
    status.textContent = 'Adding…';
    try {
      const { body } = await api.post('/carrier-accounts', {
        carrier: c.carrier, name: f.get('name').trim(), test_mode: f.get('test_mode') === 'true', booking_label_format: f.get('booking_label_format'), credentials,
      });
      // What was typed leaves the page once the account holds it.
      for (const input of form.querySelectorAll<HTMLInputElement>('input')) input.value = '';
      status.textContent = `Account “${body.name}” added. Check it to see whether ${c.name} accepts the credentials.`;
      replace(once, body.webhook_credentials ? webhookOnce(body) : null);
      reload();
    } catch (err) {
      status.className = 'status error';
      status.textContent = messageOf(err);
      const errors = err instanceof ApiError ? (err.body as { errors?: Record<string, string[]> } | null)?.errors : undefined;
      if (errors) f.show(errors, 'Not added:');
    }
  });
  return form;
}
