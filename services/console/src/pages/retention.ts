import { api } from '../api';
import { h, messageOf, pageOf } from '../dom';

/**
 * How long recipients' personal data is kept (`/retention`, docs/api/retention.md). Erasing one
 * consignment's at once is on its own page.
 */
export function retentionPage(): HTMLElement {
  return pageOf('Data retention',
    'Recipients\u2019 names, companies, e-mail addresses, phone numbers, tax and EORI numbers and street addresses are erased this many '
      + 'days after a consignment is delivered or cancelled (any other consignment: after its last change), everywhere Waybill kept them. '
      + 'Town, postcode district and country stay. A recipient\u2019s request is met on the consignment\u2019s own page.',
    'retention setting', async () => form((await api.get('/retention')).body.personal_data_days as number));
}

function form(saved: number): HTMLElement {
  const input = h('input', { id: 'retention-days', name: 'personal_data_days', type: 'number', min: '30', max: '3650', step: '1', value: String(saved), required: true });
  const message = h('p', { class: 'status', role: 'status', id: 'retention-message' });
  const f = h('form', { class: 'card', 'aria-label': 'Retention of personal data' }, h('h2', {}, 'Personal data'),
    h('label', { for: 'retention-days' }, 'Days kept after delivery or cancellation (30 to 3650)'), input,
    h('button', { type: 'submit' }, 'Save'), message);
  f.noValidate = true;
  f.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    message.className = 'status';
    message.textContent = 'Saving…';
    try {
      // Sent as typed (a number when it is one), so the API's own check names what is wrong.
      const typed = input.value.trim();
      const days = /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : typed;
      const { body } = await api.put('/retention', { personal_data_days: days });
      message.textContent = `Saved. Personal data is kept ${body.personal_data_days} days.`;
    } catch (err) {
      message.className = 'status error';
      message.textContent = messageOf(err);
    }
  });
  return f;
}
