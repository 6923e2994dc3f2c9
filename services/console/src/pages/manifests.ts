import { api } from '../api';
import { base64Bytes, download, failure, h, messageOf, replace, section } from '../dom';
import { pagedConsignments, type Consignment } from './consignments';

interface Option { identifier: string; name: string; capabilities?: string[] }

/** Manifests made in this browser tab; the API has no manifest list, only each manifest's documents. */
const made: string[] = JSON.parse(sessionStorage.getItem('waybill-manifests') ?? '[]');

export function manifestsPage(): HTMLElement {
  const selected = new Set<string>();
  const carrier = h('select', { id: 'manifest-carrier', required: true });
  const warehouse = h('select', { id: 'manifest-warehouse', required: true });
  const status = h('p', { class: 'status', role: 'status', id: 'manifest-status' });
  const manifests = h('ul', { id: 'manifests' });
  // A manifest is for one carrier and one warehouse: only their consignments can be selected.
  const carrierName = (): string => carrier.selectedOptions[0]?.textContent ?? '';
  const eligible = (c: Consignment): boolean => c.carrier === carrierName() && c.warehouse_id === warehouse.value;
  const list = pagedConsignments('allocated', () => new URLSearchParams({ limit: '50', status: 'Allocated' }), selected, eligible);
  const listPrinted = pagedConsignments('printed', () => new URLSearchParams({ limit: '50', status: 'Printed' }), selected, eligible);
  const reload = (): void => {
    list.load();
    listPrinted.load();
  };
  const options = async (path: string, select: HTMLSelectElement, keep: (o: Option) => boolean = () => true): Promise<void> => {
    try {
      const rows = ((await api.get(path)).body as Option[]).filter(keep);
      replace(select, ...rows.map((o) => h('option', { value: o.identifier }, o.name)));
    } catch (err) {
      select.after(failure(err));
    }
  };
  // The lists wait for both choices, so their checkboxes reflect them from the first render.
  // Only carriers that take manifests are offered (their declared capabilities).
  void Promise.all([options('/carriers', carrier, (c) => c.capabilities?.includes('manifest') ?? true), options('/warehouses', warehouse)]).then(reload);
  for (const select of [carrier, warehouse]) {
    select.addEventListener('change', () => {
      if (selected.size > 0) status.textContent = 'Selection cleared: the carrier or warehouse changed.';
      selected.clear();
      reload();
    });
  }
  for (const id of made) manifests.append(manifestItem(id));

  const form = h('form', { class: 'card', 'aria-label': 'Create manifest' }, h('h2', {}, 'Create a manifest'),
    h('p', {}, 'Choose the carrier and the warehouse, then select their allocated or printed consignments below.'),
    h('label', { for: 'manifest-carrier' }, 'Carrier'), carrier,
    h('label', { for: 'manifest-warehouse' }, 'Warehouse'), warehouse,
    h('button', { type: 'submit' }, 'Create manifest'), status);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    status.className = 'status';
    if (selected.size === 0) {
      status.className = 'status error';
      status.textContent = 'Select at least one consignment.';
      return;
    }
    status.textContent = 'Creating manifest…';
    try {
      const { body } = await api.post('/manifest', { consignment_ids: [...selected], carrier_id: carrier.value, warehouse_id: warehouse.value });
      made.unshift(body.identifier);
      sessionStorage.setItem('waybill-manifests', JSON.stringify(made));
      manifests.prepend(manifestItem(body.identifier));
      status.textContent = `Manifest ${body.identifier} created.`;
      selected.clear();
      reload();
    } catch (err) {
      status.className = 'status error';
      status.textContent = messageOf(err);
    }
  });
  return h('div', {}, h('h1', {}, 'Manifests'), form,
    section('Your manifests', manifests),
    section('Allocated consignments', list.element),
    section('Printed consignments', listPrinted.element));
}

/** Polls the manifest's documents: 204 while generating, 200 with the PDF when ready, 409 if it failed. */
function manifestItem(id: string): HTMLElement {
  const state = h('span', { class: 'badge' }, 'Generating…');
  const progress = h('progress', { 'aria-label': `Manifest ${id} is being generated` });
  const item = h('li', { 'data-manifest': id }, h('code', {}, id), ' ', state, ' ', progress);
  let tries = 0;
  const poll = async (): Promise<void> => {
    try {
      const res = await api.get(`/manifest/${encodeURIComponent(id)}/documents`);
      if (res.status === 204) {
        if (++tries < 120) setTimeout(poll, 1000);
        else state.textContent = 'Still generating; reload the page to check again.';
        return;
      }
      progress.remove();
      state.textContent = 'Ready';
      state.className = 'badge ok';
      item.append(' ', h('button', { type: 'button', onclick: () => download(base64Bytes(res.body.documents), 'application/pdf', `manifest-${id}.pdf`) }, 'Download PDF'));
    } catch (err) {
      progress.remove();
      state.className = 'badge off';
      state.textContent = messageOf(err);
    }
  };
  void poll();
  return item;
}
