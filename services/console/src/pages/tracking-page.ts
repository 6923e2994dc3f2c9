import { api } from '../api';
import { failure, h, loading, messageOf, replace } from '../dom';

interface Settings { display_name: string | null; logo_url: string | null; accent_colour: string | null; support_email: string | null }

const FIELDS: Array<[keyof Settings, string, Record<string, string>]> = [
  ['display_name', 'Display name', { maxlength: '100', placeholder: 'Your shop as recipients know it' }],
  ['logo_url', 'Logo URL (https)', { inputmode: 'url', placeholder: 'https://…/logo.svg' }],
  ['accent_colour', 'Accent colour (#rrggbb)', { placeholder: '#0b57d0', pattern: '#[0-9A-Fa-f]{6}' }],
  ['support_email', 'Support e-mail (optional)', { type: 'email', placeholder: 'help@example.com' }],
];
const STATUSES: Array<[string, string]> = [
  ['LABEL_CREATED', 'Label created'], ['IN_TRANSIT', 'In transit'], ['OUT_FOR_DELIVERY', 'Out for delivery'], ['DELIVERED', 'Delivered'],
  ['DELIVERY_FAILED', 'Delivery failed'], ['EXCEPTION', 'Exception'], ['RETURNED', 'Returned'],
];

/**
 * The look of the recipients' tracking pages (docs/api/tracking-page.md), with a live preview: the real page, rendered
 * by the platform for a made-up parcel with the values being typed, before they are saved.
 */
export function trackingPagePage(): HTMLElement {
  const body = h('div', {}, loading('tracking page settings'));
  const page = h('div', {}, h('h1', {}, 'Tracking page'),
    h('p', {}, 'Every consignment\u2019s tracking_url opens a page for the recipient. Set how it shows your shop; the preview updates as you type.'),
    body);
  api.get('/tracking-page').then(({ body: s }) => replace(body, ...view(s as Settings)), (err) => replace(body, failure(err)));
  return page;
}

function view(saved: Settings): HTMLElement[] {
  const inputs = Object.fromEntries(FIELDS.map(([name, , attrs]) => [name, h('input', { id: `tp-${name}`, name, value: saved[name] ?? '', ...attrs })])) as Record<keyof Settings, HTMLInputElement>;
  const swatch = h('input', { type: 'color', id: 'tp-swatch', value: saved.accent_colour ?? '#0b57d0' });
  swatch.addEventListener('input', () => { inputs.accent_colour.value = swatch.value; schedule(); });
  const status = h('select', { id: 'tp-status' }, ...STATUSES.map(([v, label]) => h('option', { value: v, selected: v === 'IN_TRANSIT' }, label)));
  const message = h('p', { class: 'status', role: 'status', id: 'tp-message' });
  const frame = h('iframe', { title: 'Preview of the tracking page', id: 'tp-preview', loading: 'lazy' });
  const values = (): Settings => Object.fromEntries(FIELDS.map(([name]) => [name, inputs[name].value.trim() || null])) as unknown as Settings;

  let timer: number | undefined;
  let shown = '';
  async function refresh(): Promise<void> {
    const query = new URLSearchParams({ status: status.value });
    for (const [k, v] of Object.entries(values())) query.set(k, v ?? '');
    const url = api.url(`/tracking-page/preview?${query}`);
    if (url === shown) return;
    try {
      // Checked first, so a value being typed that is not valid yet says why instead of blanking the frame.
      await api.get(`/tracking-page/preview?${query}`);
      shown = url;
      frame.src = url;
      message.className = 'status';
      message.textContent = '';
    } catch (err) {
      message.className = 'status error';
      message.textContent = messageOf(err);
    }
  }
  function schedule(): void {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void refresh(), 250);
  }
  for (const input of Object.values(inputs)) input.addEventListener('input', schedule);
  inputs.accent_colour.addEventListener('input', () => { if (/^#[0-9a-f]{6}$/i.test(inputs.accent_colour.value)) swatch.value = inputs.accent_colour.value.toLowerCase(); });
  status.addEventListener('change', schedule);

  const form = h('form', { class: 'card', 'aria-label': 'Tracking page settings' }, h('h2', {}, 'Settings'),
    ...FIELDS.flatMap(([name, label]) => [h('label', { for: `tp-${name}` }, label), name === 'accent_colour' ? h('div', { class: 'actions' }, inputs[name], swatch) : inputs[name]]),
    h('label', { for: 'tp-swatch', class: 'vh-label' }, 'Pick the accent colour'),
    h('button', { type: 'submit' }, 'Save'), message);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    message.className = 'status';
    message.textContent = 'Saving…';
    try {
      await api.put('/tracking-page', values());
      message.textContent = 'Saved. Every tracking page shows it now.';
    } catch (err) {
      message.className = 'status error';
      message.textContent = messageOf(err);
    }
  });
  void refresh();
  return [h('div', { class: 'tp-layout' }, form,
    h('section', { class: 'preview tp-preview', 'aria-label': 'Preview' }, h('h2', {}, 'Preview'),
      h('label', { for: 'tp-status' }, 'Parcel status '), status, frame))];
}
