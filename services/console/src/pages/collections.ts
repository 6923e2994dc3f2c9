import { api } from '../api';
import { action, empty, failure, h, loading, messageOf, replace, when } from '../dom';

interface Option { identifier: string; name: string; capabilities?: string[] }
interface Collection {
  identifier: string; carrier_reference: string; status: 'booked' | 'cancelled'; carrier_id: string; warehouse_id: string;
  date: string; ready_time: string; close_time: string; parcels: number; weight_kg: number | null; created_at: string;
}

const tomorrow = (): string => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/**
 * Collections per warehouse (docs/api/collections.md): book the carrier's van for a day and a window, see
 * the warehouse's collections, cancel one. Only carriers that take collections are offered.
 */
export function collectionsPage(): HTMLElement {
  const warehouse = h('select', { id: 'collection-warehouse', required: true });
  const carrier = h('select', { id: 'collection-carrier', required: true });
  const date = h('input', { id: 'collection-date', type: 'date', required: true, value: tomorrow() });
  const ready = h('input', { id: 'collection-ready', type: 'time', required: true, value: '12:00' });
  const close = h('input', { id: 'collection-close', type: 'time', required: true, value: '17:00' });
  const parcels = h('input', { id: 'collection-parcels', type: 'number', min: '1', max: '999', required: true, value: '1' });
  const weight = h('input', { id: 'collection-weight', type: 'number', min: '0', step: '0.1' });
  const status = h('p', { class: 'status', role: 'status', id: 'collection-status' });
  const table = h('div', {}, loading('collections'));

  async function options(path: string, select: HTMLSelectElement, keep: (o: Option) => boolean = () => true): Promise<void> {
    const rows = ((await api.get(path)).body as Option[]).filter(keep);
    replace(select, ...rows.map((o) => h('option', { value: o.identifier }, o.name)));
  }

  async function load(): Promise<void> {
    try {
      const { body } = await api.get(`/collections?limit=100&warehouse_id=${encodeURIComponent(warehouse.value)}`);
      const rows = body.results as Collection[];
      replace(table, rows.length ? render(rows) : empty('No collections booked for this warehouse yet.'));
    } catch (err) {
      replace(table, failure(err));
    }
  }

  function render(rows: Collection[]): HTMLElement {
    const head = ['Day', 'Window', 'Carrier', 'Parcels', 'Carrier reference', 'Status', 'Booked', ''].map((t) => h('th', { scope: 'col' }, t));
    return h('div', { class: 'scroll' }, h('table', { id: 'collections' }, h('thead', {}, h('tr', {}, ...head)), h('tbody', {}, ...rows.map((c) => h('tr', { 'data-collection': c.identifier },
      h('td', {}, c.date), h('td', {}, `${c.ready_time}–${c.close_time}`), h('td', {}, c.carrier_id),
      h('td', {}, `${c.parcels}${c.weight_kg === null ? '' : ` (${c.weight_kg} kg)`}`), h('td', {}, h('code', {}, c.carrier_reference)),
      h('td', {}, h('span', { class: c.status === 'booked' ? 'badge ok' : 'badge off' }, c.status === 'booked' ? 'Booked' : 'Cancelled')),
      h('td', {}, when(c.created_at)),
      h('td', {}, c.status === 'booked' ? action('Cancel', async () => {
        await api.del(`/collections/${encodeURIComponent(c.identifier)}`);
        await load();
        return `Collection ${c.carrier_reference} cancelled.`;
      }, status, { 'aria-label': `Cancel collection ${c.carrier_reference}` }) : ''))))));
  }

  void Promise.all([options('/warehouses', warehouse), options('/carriers', carrier, (c) => c.capabilities?.includes('collections') ?? false)])
    .then(load, (err) => replace(table, failure(err)));
  warehouse.addEventListener('change', () => void load());

  const form = h('form', { class: 'card', 'aria-label': 'Book a collection' }, h('h2', {}, 'Book a collection'),
    h('label', { for: 'collection-warehouse' }, 'Warehouse'), warehouse,
    h('label', { for: 'collection-carrier' }, 'Carrier'), carrier,
    h('label', { for: 'collection-date' }, 'Day'), date,
    h('label', { for: 'collection-ready' }, 'Ready from'), ready,
    h('label', { for: 'collection-close' }, 'Dock closes'), close,
    h('label', { for: 'collection-parcels' }, 'Parcels'), parcels,
    h('label', { for: 'collection-weight' }, 'Total weight (kg, optional)'), weight,
    h('button', { type: 'submit' }, 'Book collection'), status);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    status.className = 'status';
    status.textContent = 'Booking…';
    try {
      const { body } = await api.post('/collections', {
        carrier_id: carrier.value, warehouse_id: warehouse.value, date: date.value, ready_time: ready.value, close_time: close.value,
        parcels: Number(parcels.value), ...(weight.value ? { weight_kg: Number(weight.value) } : {}),
      });
      status.textContent = `Collection booked: ${body.carrier_reference}.`;
      await load();
    } catch (err) {
      status.className = 'status error';
      status.textContent = messageOf(err);
    }
  });
  return h('div', {}, h('h1', {}, 'Collections'),
    h('p', {}, "Book the carrier's van to a warehouse for a day; the carrier confirms with its reference, or says why not."),
    form, h('section', { 'aria-label': 'Collections of this warehouse' }, h('h2', {}, 'Collections of this warehouse'), table));
}
