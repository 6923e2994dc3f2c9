import { api } from '../api';
import { failure, h, loading, messageOf, replace } from '../dom';

interface CarrierService { identifier: string; name: string; carrier_id: string }

/**
 * The company's service aliases (`/service-aliases`): the `service_id` and `carrier` literals an
 * integration written for another platform keeps sending, each mapped to one of the company's services.
 * The whole map is edited here and saved at once, as the API replaces it.
 */
export function serviceAliasesPage(): HTMLElement {
  const body = h('div', {}, loading('service aliases'));
  const page = h('div', {}, h('h1', {}, 'Service aliases'),
    h('p', {}, 'An integration moving from another platform may keep sending that platform\u2019s service names as service_id or carrier '
      + '(for example "Hermes|UK Standard Delivery" or "Yodel"). Map each one to one of your services and the integration runs unchanged: '
      + 'its consignments show the service you chose. Names are matched ignoring case.'),
    body);
  Promise.all([api.get('/service-aliases'), api.get('/carrierservices')])
    .then(([aliases, services]) => replace(body, editor(aliases.body as Record<string, string>, services.body as CarrierService[])), (err) => replace(body, failure(err)));
  return page;
}

function editor(saved: Record<string, string>, services: CarrierService[]): HTMLElement {
  const rows = h('tbody', {});
  const message = h('p', { class: 'status', role: 'status', id: 'sa-message' });
  let n = 0;

  function addRow(literal = '', target = ''): HTMLInputElement {
    const id = ++n;
    const input = h('input', { id: `sa-literal-${id}`, name: 'literal', value: literal, maxlength: '255', placeholder: 'Hermes|UK Standard Delivery' });
    const known = services.some((s) => s.identifier === target);
    const select = h('select', { id: `sa-target-${id}`, name: 'target' },
      h('option', { value: '' }, 'Choose a service…'),
      ...(target && !known ? [h('option', { value: target, selected: true }, `${target} (no longer available)`)] : []),
      ...services.map((s) => h('option', { value: s.identifier, selected: s.identifier === target }, s.identifier)));
    const row = h('tr', {},
      h('td', {}, h('label', { for: input.id, class: 'vh-label' }, 'Name sent by the integration'), input),
      h('td', {}, h('label', { for: select.id, class: 'vh-label' }, 'Your service'), select),
      h('td', {}, h('button', { type: 'button', onclick: () => row.remove() }, 'Remove')));
    rows.append(row);
    return input;
  }

  for (const [literal, target] of Object.entries(saved)) addRow(literal, target);
  if (Object.keys(saved).length === 0) addRow();

  const values = (): Record<string, string> => {
    const map: Record<string, string> = {};
    for (const row of rows.querySelectorAll('tr')) {
      const literal = (row.querySelector('input[name="literal"]') as HTMLInputElement).value.trim();
      const target = (row.querySelector('select[name="target"]') as HTMLSelectElement).value;
      if (literal !== '' || target !== '') map[literal] = target;
    }
    return map;
  };

  const form = h('form', { class: 'card', 'aria-label': 'Service aliases' },
    h('div', { class: 'scroll' }, h('table', {},
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Name sent by the integration'), h('th', { scope: 'col' }, 'Your service'), h('th', { scope: 'col' }, ''))),
      rows)),
    h('div', { class: 'actions' },
      h('button', { type: 'button', id: 'sa-add', onclick: () => addRow().focus() }, 'Add alias'),
      h('button', { type: 'submit' }, 'Save')),
    message);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    message.className = 'status';
    message.textContent = 'Saving…';
    try {
      const { body } = await api.put('/service-aliases', values());
      const count = Object.keys(body as object).length;
      message.textContent = count ? `Saved ${count} alias${count === 1 ? '' : 'es'}. New consignments use them now.` : 'Saved: no aliases.';
    } catch (err) {
      message.className = 'status error';
      message.textContent = messageOf(err);
    }
  });
  return form;
}
