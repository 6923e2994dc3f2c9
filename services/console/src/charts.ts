import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartConfiguration } from 'chart.js';
import { h } from './dom';

// Only the parts the dashboard draws, so the bundle carries no more of Chart.js than it uses.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Colours that stay apart for the common colour-vision deficiencies (Okabe–Ito), then greys. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000', '#7a8391', '#b8bfc9'];

export interface TableData {
  caption: string;
  head: string[];
  rows: Array<Array<string | number>>;
}

/**
 * A chart and the same figures as a table. The canvas is hidden from assistive technology; the table is
 * always in the page for screen readers, and shown to everyone with the "Show table" toggle.
 */
export function chartFigure(id: string, title: string, config: ChartConfiguration, table: TableData): HTMLElement {
  const canvas = h('canvas', { 'aria-hidden': 'true' });
  const tableId = `${id}-table`;
  const tableBox = h('div', { class: 'scroll chart-table visually-hidden', id: tableId },
    h('table', {}, h('caption', {}, table.caption),
      h('thead', {}, h('tr', {}, ...table.head.map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...table.rows.map((r) => h('tr', {}, ...r.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, c) : h('td', {}, c))))))));
  const toggle = h('button', { type: 'button', class: 'link', 'aria-expanded': 'false', 'aria-controls': tableId }, 'Show table');
  toggle.addEventListener('click', () => {
    const open = tableBox.classList.toggle('visually-hidden') === false;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Hide table' : 'Show table';
  });
  const figure = h('figure', { class: 'chart card', id },
    h('figcaption', {}, h('h2', {}, title), toggle), h('div', { class: 'canvas-box' }, canvas), tableBox);
  // Drawn once the canvas is in the document (Chart.js measures its box).
  requestAnimationFrame(() => {
    if (!canvas.isConnected) return;
    new Chart(canvas, { ...config, options: { animation: false, responsive: true, maintainAspectRatio: false, ...config.options } });
  });
  return figure;
}

/** `2026-11-26` → `26 Nov`. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

export const percent = (share: number | null): string => (share === null ? '—' : `${Math.round(share * 1000) / 10}%`);
