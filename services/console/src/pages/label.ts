import { api } from '../api';
import { base64Bytes, download, h, messageOf, replace, section } from '../dom';

const FORMATS: Array<[string, string]> = [['application/pdf', 'PDF'], ['image/x-png-list', 'PNG'], ['image/png', 'PNG (ZIP)'], ['application/x-zebra-zpl', 'ZPL']];

/** Fetches the labels in the chosen format, previews them (PDF in a frame, PNGs as images) and saves them. */
export function labelSection(path: string): HTMLElement {
  const format = h('select', { id: 'label-format' }, ...FORMATS.map(([v, t]) => h('option', { value: v }, t)));
  const preview = h('div', { class: 'preview', id: 'label-preview' });
  const status = h('p', { class: 'status', role: 'status', id: 'label-status' });
  const fetchLabels = async (): Promise<{ type: string; labels: any } | null> => {
    status.className = 'status';
    status.textContent = 'Generating labels…';
    try {
      const { body } = await api.get(`${path}/documents?documenttype=${encodeURIComponent(format.value)}`);
      status.textContent = '';
      return { type: format.value, labels: body.labels };
    } catch (err) {
      status.className = 'status error';
      status.textContent = messageOf(err);
      return null;
    }
  };
  const show = async (): Promise<void> => {
    const doc = await fetchLabels();
    if (!doc) return;
    if (doc.type === 'application/pdf') {
      const url = URL.createObjectURL(new Blob([base64Bytes(doc.labels)], { type: 'application/pdf' }));
      replace(preview, h('iframe', { src: url, title: 'Label preview (PDF)' }));
    } else if (doc.type === 'image/x-png-list') {
      replace(preview, ...(doc.labels as string[]).map((b64, i) => h('img', { src: `data:image/png;base64,${b64}`, alt: `Label ${i + 1}` })));
    } else if (doc.type === 'application/x-zebra-zpl') {
      replace(preview, h('pre', {}, doc.labels));
    } else replace(preview, h('p', {}, 'A ZIP of PNG labels: use Download.'));
  };
  const save = async (): Promise<void> => {
    const doc = await fetchLabels();
    if (!doc) return;
    if (doc.type === 'application/pdf') download(base64Bytes(doc.labels), doc.type, 'labels.pdf');
    else if (doc.type === 'image/png') download(base64Bytes(doc.labels), 'application/zip', 'labels.zip');
    else if (doc.type === 'application/x-zebra-zpl') download(doc.labels, 'text/plain', 'labels.zpl');
    else (doc.labels as string[]).forEach((b64, i) => download(base64Bytes(b64), 'image/png', `label-${i + 1}.png`));
  };
  return section('Labels',
    h('div', { class: 'inline-form' }, h('label', { for: 'label-format' }, 'Format'), format,
      h('button', { type: 'button', onclick: show }, 'Preview'), h('button', { type: 'button', onclick: save }, 'Download')),
    status, preview);
}
