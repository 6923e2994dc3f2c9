import { api } from '../api';
import { action, empty, failure, h, loading, messageOf, replace, when } from '../dom';

interface CarrierService { identifier: string; name: string; carrier_id: string }
interface RateSheet { id: string; identifier: string; service_id: string; currency: string; zones: unknown[]; bands: unknown[]; updated_at: string }

const LAYOUT = 'zone,countries,postcode_prefixes,max_weight_kg,price';

/**
 * The company's rate sheets (`/rate-sheets`, docs/api/rates.md): what each service costs by zone and
 * weight. Listed with their size, deleted here, and imported from a CSV file (`/rate-sheets/import`),
 * which creates the service's sheet or replaces the one it has.
 */
export function rateSheetsPage(): HTMLElement {
  const list = h('div', {}, loading('rate sheets'));
  const form = h('div', {}, loading('services'));
  const page = h('div', {}, h('h1', {}, 'Rate sheets'),
    h('p', {}, 'A rate sheet prices one service by destination zone and parcel weight. Checkout, allocation by price and rate '
      + 'comparisons use a service\u2019s sheet where it covers the parcel, and the delivery rule\u2019s price elsewhere.'),
    list, form);
  const refresh = () => api.get('/rate-sheets').then(({ body }) => replace(list, table(body as RateSheet[], refresh)), (err) => replace(list, failure(err)));
  refresh();
  api.get('/carrierservices').then(({ body }) => replace(form, importForm(body as CarrierService[], refresh)), (err) => replace(form, failure(err)));
  return page;
}

function table(sheets: RateSheet[], refresh: () => void): HTMLElement {
  if (sheets.length === 0) return empty('No rate sheets yet: every price comes from the delivery rules.');
  const status = h('p', { class: 'status', role: 'status' });
  return h('div', { class: 'card' },
    h('div', { class: 'scroll' }, h('table', { 'aria-label': 'Rate sheets' },
      h('thead', {}, h('tr', {}, ...['Name', 'Service', 'Prices', 'Updated', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...sheets.map((s) => h('tr', {},
        h('td', {}, s.identifier), h('td', {}, s.service_id),
        h('td', {}, `${s.currency}, ${s.zones.length} zones × ${s.bands.length} bands`), h('td', {}, when(s.updated_at)),
        h('td', {}, action('Delete', async () => {
          await api.del(`/rate-sheets/${s.id}`);
          refresh();
          return `Deleted ${s.identifier}.`;
        }, status, { 'aria-label': `Delete ${s.identifier}` }))))))),
    status);
}

function importForm(services: CarrierService[], refresh: () => void): HTMLElement {
  const service = h('select', { id: 'rs-service', name: 'service', required: true },
    h('option', { value: '' }, 'Choose a service…'), ...services.map((s) => h('option', { value: s.identifier }, s.identifier)));
  const file = h('input', { id: 'rs-file', name: 'file', type: 'file', accept: '.csv,text/csv', required: true });
  const name = h('input', { id: 'rs-name', name: 'identifier', maxlength: '200', placeholder: 'default: the file name' });
  const divisor = h('input', { id: 'rs-divisor', name: 'volumetric_divisor', type: 'number', min: '1', step: 'any', placeholder: 'e.g. 5000; empty: by weight alone' });
  const message = h('p', { class: 'status', role: 'status', id: 'rs-message' });
  const form = h('form', { class: 'card', 'aria-label': 'Import a rate sheet' },
    h('h2', {}, 'Import from CSV'),
    h('p', {}, `One line per zone and weight band, under the header ${LAYOUT}. Countries and postcode prefixes are separated by spaces `
      + 'or semicolons and needed on a zone\u2019s first line only. Importing replaces the service\u2019s sheet if it has one.'),
    h('label', { for: service.id }, 'Service'), service,
    h('label', { for: file.id }, 'CSV file'), file,
    h('label', { for: name.id }, 'Name'), name,
    h('label', { for: divisor.id }, 'Volumetric divisor (cm\u00b3 per kg)'), divisor,
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Import')),
    message);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    message.className = 'status';
    message.textContent = 'Importing…';
    try {
      const chosen = file.files?.[0];
      if (!chosen) throw new Error('Choose a CSV file.');
      const identifier = name.value.trim() || chosen.name.replace(/\.csv$/i, '');
      const volumetric = divisor.value.trim() === '' ? {} : { volumetric_divisor: Number(divisor.value) };
      const { status, body } = await api.post('/rate-sheets/import', { service_id: service.value, csv: await chosen.text(), identifier, ...volumetric });
      message.textContent = `${status === 201 ? 'Created' : 'Replaced'} ${body.identifier}: ${body.zones.length} zones, ${body.bands.length} bands.`;
      refresh();
    } catch (err) {
      message.className = 'status error';
      const errors = (err as { body?: { errors?: Record<string, string[]> } }).body?.errors;
      message.textContent = errors ? Object.entries(errors).map(([k, v]) => `${k}: ${v.join(' ')}`).join(' · ') : messageOf(err);
    }
  });
  return form;
}
