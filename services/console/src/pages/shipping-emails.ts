import { api } from '../api';
import { empty, failure, h, loading, messageOf, replace, when } from '../dom';

interface Settings { enabled: boolean; events: string[]; from_name: string | null; reply_to: string | null }
interface Sent { at: string; event: string; to: string; outcome: string; language: string; attempts: number; detail: string | null }

const EVENTS: Array<[string, string]> = [
  ['despatched', 'Despatched: the parcel is on its way'], ['out_for_delivery', 'Out for delivery: the driver has it today'],
  ['delivered', 'Delivered'], ['exception', 'A problem the carrier reported (failed delivery, exception)'], ['return_created', 'A return was booked'],
];

/**
 * Shipping e-mails to recipients: whether they go, for which moments, who they are from; and what a
 * consignment's recipient was sent (the address masked, never the content).
 */
export function notificationsPage(): HTMLElement {
  const body = h('div', {}, loading('e-mail settings'));
  const page = h('div', {}, h('h1', {}, 'Shipping e-mails'),
    h('p', {}, 'Recipients with an e-mail address hear from you at each moment you choose, once per consignment, in their language, '
      + 'with your tracking page\u2019s name, logo and colour and a link to it. Every e-mail has a one-click unsubscribe.'),
    body, lookup());
  api.get('/notifications').then(({ body: s }) => replace(body, settingsForm(s as Settings)), (err) => replace(body, failure(err)));
  return page;
}

function settingsForm(saved: Settings): HTMLElement {
  const enabled = h('input', { type: 'checkbox', id: 'nt-enabled', checked: saved.enabled });
  const boxes = EVENTS.map(([value, label]) => [value, h('input', { type: 'checkbox', id: `nt-${value}`, value, checked: saved.events.includes(value) }), label] as const);
  const fromName = h('input', { id: 'nt-from', maxlength: '100', value: saved.from_name ?? '', placeholder: 'Default: your tracking page\u2019s display name' });
  const replyTo = h('input', { id: 'nt-reply', type: 'email', value: saved.reply_to ?? '', placeholder: 'Default: your tracking page\u2019s support e-mail' });
  const message = h('p', { class: 'status', role: 'status', id: 'nt-message' });
  const form = h('form', { class: 'card', 'aria-label': 'Shipping e-mail settings' }, h('h2', {}, 'Settings'),
    h('div', { class: 'check' }, enabled, h('label', { for: 'nt-enabled' }, 'Send shipping e-mails')),
    h('fieldset', {}, h('legend', {}, 'Send an e-mail when'),
      ...boxes.map(([value, box, label]) => h('div', { class: 'check' }, box, h('label', { for: `nt-${value}` }, label)))),
    h('label', { for: 'nt-from' }, 'Sender name'), fromName,
    h('label', { for: 'nt-reply' }, 'Replies go to'), replyTo,
    h('button', { type: 'submit' }, 'Save'), message);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    message.className = 'status';
    message.textContent = 'Saving…';
    try {
      await api.put('/notifications', {
        enabled: enabled.checked, events: boxes.filter(([, box]) => box.checked).map(([value]) => value),
        from_name: fromName.value.trim() || null, reply_to: replyTo.value.trim() || null,
      });
      message.textContent = enabled.checked ? 'Saved. Recipients get e-mails from the next event on.' : 'Saved. No shipping e-mails are sent.';
    } catch (err) {
      message.className = 'status error';
      message.textContent = messageOf(err);
    }
  });
  return form;
}

function lookup(): HTMLElement {
  const input = h('input', { id: 'nt-consignment', placeholder: 'Consignment identifier', required: true });
  const result = h('div', { id: 'nt-sent' });
  const form = h('form', { class: 'card', 'aria-label': 'E-mails of a consignment' }, h('h2', {}, 'What a recipient was sent'),
    h('label', { for: 'nt-consignment' }, 'Consignment'), input, h('button', { type: 'submit' }, 'Show'), result);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    replace(result, loading('e-mails'));
    try {
      const { body } = await api.get(`/consignment/${encodeURIComponent(input.value.trim())}/notifications`);
      const rows = (body as { results: Sent[] }).results;
      replace(result, rows.length === 0 ? empty('No e-mail for this consignment yet.') : h('table', {},
        h('caption', {}, 'E-mails of the consignment, oldest first'),
        h('thead', {}, h('tr', {}, ...['When', 'Moment', 'To', 'Outcome', 'Language', 'Attempts'].map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, ...rows.map((r) => h('tr', {}, h('td', {}, when(r.at)), h('td', {}, r.event.replace(/_/g, ' ')), h('td', {}, r.to),
          h('td', {}, r.detail ? `${r.outcome} (${r.detail})` : r.outcome), h('td', {}, r.language), h('td', {}, String(r.attempts)))))));
    } catch (err) {
      replace(result, failure(err));
    }
  });
  return form;
}
